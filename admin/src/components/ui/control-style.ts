/** The look Input, Textarea and Select share; a refused value turns the border red. */
export const controlBase =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100";
export const controlBorder = (invalid?: boolean) => (invalid ? "border-red-500" : "border-slate-300");
