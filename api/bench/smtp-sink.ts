/**
 * bench:mail's receiving end, in a process of its own so that what is measured is the sender
 * alone (the receiver is not part of the product): an SMTP server on loopback that accepts
 * every message and keeps nothing but the count. Tells its parent the port, then answers
 * "count" with the number received so far.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      count++;
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: (server.server.address() as AddressInfo).port });
});
process.on("message", (message) => {
  if (message === "count") process.send?.({ count });
});
process.on("disconnect", () => server.close(() => process.exit(0)));
