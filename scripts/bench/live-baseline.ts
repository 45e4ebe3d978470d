/**
 * Child process of bench:live: a bare `ws` server, the floor a broadcast can reach. A control
 * socket sends a payload; the server sends it as is to every other connected client. Prints
 * its port, then serves until killed.
 */
import { WebSocketServer, type WebSocket } from 'ws';

const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
const clients = new Set<WebSocket>();
server.on('connection', (socket, request) => {
  if (request.url === '/control') {
    socket.on('message', (payload) => {
      const text = payload.toString();
      for (const client of clients) client.send(text);
    });
    return;
  }
  clients.add(socket);
  socket.on('close', () => clients.delete(socket));
});
server.on('listening', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
