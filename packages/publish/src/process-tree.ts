/**
 * Memory of process trees (Linux /proc), for the benchmarks' peak-memory figures: bench:publish,
 * and bench:site through @botox/e2e.
 */
import fs from "node:fs";

/**
 * Resident memory of a process and all its descendants, in bytes; without `includeRoot`,
 * of its descendants only (a benchmark measuring the builds it runs, not itself).
 */
export function treeRss(rootPid: number, { includeRoot = true }: { includeRoot?: boolean } = {}): number {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      /* exited meanwhile */
    }
  }
  let total = 0;
  const stack = includeRoot ? [rootPid] : [...(children.get(rootPid) ?? [])];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * 4096;
    } catch {
      /* exited meanwhile */
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}
