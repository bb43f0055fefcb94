// Started by the component tests (server.ts) in its own process: the real app on a fresh test database and a
// random loopback port, plus one customer and one staff member. Prints one JSON line, then serves until killed.
// A separate process because happy-dom replaces Request/Response in the test's own process, which would strip
// the app's Set-Cookie headers.
import { createTestApp, startServer } from '../../server/testing/app';
import { createCustomer, createStaff } from '../../server/testing/auth';

const app = await createTestApp();
const server = await startServer(app.app);
const customer = await createCustomer(app);
const staff = await createStaff(app);
const strip = (u: typeof customer) => ({ userId: u.userId, roleID: u.roleID, email: u.email, password: u.password });
process.stdout.write(`${JSON.stringify({ url: server.url, jwtSecret: app.config.jwtSecret, customer: strip(customer), staff: strip(staff) })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
