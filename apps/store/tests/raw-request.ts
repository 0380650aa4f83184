import http from "node:http";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request to a store on 127.0.0.1 with the `Host` header of our choosing (browsers and fetch
 * will not send a foreign one): the browser and HTTP tests of the public origin both use it.
 */
export function rawRequest(
  port: number,
  method: string,
  requestPath: string,
  host: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path: requestPath, headers: { Host: host, ...options.headers } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
