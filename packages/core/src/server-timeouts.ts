/**
 * How long our Node HTTP servers keep an idle kept-alive connection. Node's default (5 s) is
 * shorter than the idle timeout of common load balancers and HTTP clients (60 s is usual): a
 * client reusing a connection just as the server closes it gets ECONNRESET. The server must be
 * the last to close, so its timeout is above theirs; the headers timeout above that, so a
 * connection idle until the last moment is not cut while its next request's headers arrive.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

/** The two settings of a Node `http.Server` (typed structurally: this package runs in browsers too). */
interface KeepAliveSettings {
  keepAliveTimeout: number;
  headersTimeout: number;
}

/** Sets a server's kept-alive idle timeout above load balancers' (see above); returns the server. */
export function keepAliveLongerThanBalancers<T extends KeepAliveSettings>(server: T): T {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}
