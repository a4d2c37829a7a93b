import net from 'node:net';

/**
 * A port nobody listens on right now, for a server that must be told its port before it starts
 * (a child process, links in e-mails): the kernel picks it, the probe lets it go.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
