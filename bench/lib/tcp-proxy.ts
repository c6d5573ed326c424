import net from "node:net";

/**
 * A TCP proxy on loopback in front of a server (PostgreSQL, the core service) that a test or
 * the soak can cut and restore. `cut()`: every connection dropped and none accepted (the
 * port refuses); `hold()`: connections are accepted but nothing is forwarded (a request that
 * never arrives); `listen()`: forwarding again, on the same port.
 */
export function tcpProxy(target: { host: string; port: number }, wantedPort = 0) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = wantedPort;
  let holding = false;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      holding = false;
      if (server) return resolve();
      server = net.createServer((client) => {
        track(client);
        if (holding) {
          client.on("error", () => client.destroy());
          return;
        }
        const upstream = net.connect(target.port, target.host);
        track(upstream);
        for (const s of [client, upstream])
          s.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    get port() {
      return port;
    },
    listen,
    cut: () =>
      new Promise<void>((resolve) => {
        dropAll();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
    hold: async () => {
      dropAll();
      await listen();
      holding = true;
    },
  };
}
