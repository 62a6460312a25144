// Listening, for serve and for its recorder alike: on the host and port asked for (port 0 lets the
// system choose), then the URL a harness is given and the address the Host check compares with.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Listening {
  url: string;
  /** The address bound, as request-guard.ts's host policy takes it. */
  address: string;
}

export async function listen(server: Server, host: string, port: number): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Listening on a host and port, the server's address is always an AddressInfo.
  const address = server.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { url: `http://${shown}:${address.port}`, address: address.address };
}
