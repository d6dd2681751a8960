import { SMTPServer } from 'smtp-server';

// A loopback SMTP server for the dispatcher bench (its own process, on the load core): accepts
// every message, counts it, and prints the count as JSON when asked to stop (SIGTERM).

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  // A reverse DNS lookup per connection (up to 1.5 s with no resolver) would be measured, not the dispatcher.
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
server.listen(Number(process.env.SMTP_PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  console.log(JSON.stringify({ received }));
  server.close(() => process.exit(0));
});
