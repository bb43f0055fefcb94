// Started by the component tests (server.ts) in its own process: the real app on a fresh test database and a
// random loopback port, plus one customer, one staff member, one administrator, a country, a product with two variants (stock 3, 5)
// a sent e-mail whose body was cleared, and one buyer's two orders with a phone typed two ways (decision 256). Prints one JSON line, then serves until killed.
// A separate process because happy-dom replaces Request/Response in the test's own process, which would strip
// the app's Set-Cookie headers.
import { createTestApp, startServer } from '#server/testing/app';
import { removeTestFolders } from '#server/testing/db';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createCountry, createOutboxMail, createProduct, insertOrder } from '#server/testing/factories';

// CLIENT_TEST_PUBLIC_URL (server.ts's `publicUrl`): the shop's public origin, for screens that depend on it.
const publicUrl = process.env.CLIENT_TEST_PUBLIC_URL;
// STEP_UP_SECONDS: a short proof window for the step-up dialog's test (decision 237); the default otherwise.
const stepUp = Number(process.env.STEP_UP_SECONDS);
// One async function, not top-level await: the file is also compiled to CommonJS (src/client/test/global-setup.ts).
async function main(): Promise<void> {
  const app = await createTestApp({
    ...(publicUrl ? { publicUrl } : {}),
    ...(stepUp > 0 ? { stepUpSeconds: stepUp } : {}),
  });
  const server = await startServer(app.app, app);
  const customer = await createCustomer(app);
  const staff = await createStaff(app);
  const admin = await createAdmin(app);
  const product = await createProduct(app.db, {
    name: 'Fustan testi',
    priceCents: 4990,
    variants: [{ stock: 3 }, { stock: 5 }],
  });
  const countryID = await createCountry(app.db, { name: 'Kosovë', shippingCents: 300 });
  // A country with no postal code in daily use (decision 215).
  const zipFreeCountryID = await createCountry(app.db, {
    name: 'Pa kod',
    shippingCents: 400,
    postalCodeOptional: true,
  });
  // A sent e-mail whose body was cleared 90 days after sending (MAIL_KEEP_DAYS, decision 241).
  const clearedMailID = await createOutboxMail(app.db, {
    status: 'sent',
    attempts: 1,
    subject: 'Porosia juaj u nis (e vjetër)',
    createdAt: '2026-01-10T08:00:00.000Z',
    sentAt: '2026-01-10T08:00:05.000Z',
    bodyClearedAt: '2026-04-10T09:00:00.000Z',
    html: '',
    text: '',
  });
  // One buyer: a guest's phone order typed nationally and an e-mail order typed internationally (decision 256).
  for (const [phone, email, cents] of [
    ['044 555 777', '', 2500],
    ['+383 44 555 777', 'liridona@example.com', 4000],
  ] as const)
    await insertOrder(app.db, {
      firstName: 'Liridona',
      lastName: 'Morina',
      phoneNumber: phone,
      email,
      status: 'delivered',
      totalCents: cents,
      countryName: 'Kosovë',
    });
  const strip = (u: typeof customer) => ({ userId: u.userId, roleID: u.roleID, email: u.email, password: u.password });
  process.stdout.write(
    `${JSON.stringify({ url: server.url, customer: strip(customer), staff: strip(staff), admin: strip(admin), product, countryID, zipFreeCountryID, clearedMailID })}\n`,
  );
  // Its database folder goes with it (testing/db.ts: removeTestFolders).
  process.on(
    'SIGTERM',
    () =>
      void server
        .close()
        .then(() => app.db.destroy())
        .then(() => removeTestFolders())
        .finally(() => process.exit(0)),
  );
}

void main();
