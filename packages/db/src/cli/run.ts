import { openDatabase, type OpenedDatabase, type OpenOptions } from "../connection/open.ts";

/**
 * Runs a CLI body against openDatabase() and always closes it: on return, on error, and on
 * SIGINT/SIGTERM, so an embedded PGlite is closed (its files flushed) before the process ends.
 */
export async function runCli(main: (db: OpenedDatabase) => Promise<number | void>, options: OpenOptions = {}): Promise<never> {
  let db: OpenedDatabase | undefined;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= db?.close() ?? Promise.resolve());

  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl-C while closing: give up waiting.
      process.exit(1);
    }
    process.stderr.write(`\n${signal}: closing the database…\n`);
    close()
      .catch((err: unknown) => process.stderr.write(`close failed: ${String(err)}\n`))
      .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  let code = 0;
  try {
    db = await openDatabase(options);
    code = (await main(db)) ?? 0;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    code = 1;
  }
  await close();
  process.exit(code);
}

// The embedded URL carries the data folder's password: print the address only.
const address = (url: string) => `postgres://${new URL(url).host}`;

export const describeDatabase = (db: OpenedDatabase): string =>
  db.kind === "server"
    ? `PostgreSQL at ${new URL(db.url).host}`
    : db.embedded
      ? `embedded PostgreSQL (started here, ${address(db.url)})`
      : `embedded PostgreSQL (served by another process, ${address(db.url)})`;

/** Command-line arguments; a leading `--` (pnpm passes it through from `pnpm run x -- …`) is dropped. */
export const cliArgs = (): string[] => {
  const args = process.argv.slice(2);
  return args[0] === "--" ? args.slice(1) : args;
};
