/**
 * Vitest setup file shared by every package's tests (`setupFiles: ["@botox/core/fail-on-console"]`):
 * a console.error or console.warn during a test fails it (style.md), since such output is an
 * unexpected error path or a warning nobody reads. A test that expects output says so by
 * spying on the method (`vi.spyOn(console, "warn").mockImplementation(() => undefined)`) and
 * checking the call; the spy replaces this check until it is restored.
 *
 * Output is collected and reported after the test rather than thrown from the console call:
 * code that logs inside a catch block would swallow a throw and the test could still pass.
 * Output of a file's beforeAll hooks fails its first test; of its afterAll hooks, the file.
 */
import { afterAll, afterEach } from "vitest";

const seen: string[] = [];

for (const level of ["error", "warn"] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]): void => {
    original(...args);
    seen.push(`console.${level}: ${args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" ")}`);
  };
}

/** The console output recorded since the last check, forgotten once read. */
export function takeConsoleOutput(): string[] {
  return seen.splice(0);
}

function failOnOutput(): void {
  const lines = takeConsoleOutput();
  if (lines.length === 0) return;
  throw new Error(`Unexpected console output during the test (spy on console to expect it):\n${lines.join("\n")}`);
}

afterEach(failOnOutput);
afterAll(failOnOutput);
