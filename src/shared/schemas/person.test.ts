// One rule for names and phones everywhere a person is entered (decisions 101, 209).
import { describe, expect, it } from 'vitest';
import { RegisterUserInput } from './accounts';
import { CustomerDetailsInput } from './checkout';
import { UpdateUserInput } from './users';
import { capitaliseName, personName, phoneField } from './person';

const phone = phoneField('required', 'Invalid phone number.');
const name = personName(60, 'required', 'letters');

describe('phones', () => {
  it.each([
    ['+383 44 123 456', '+38344123456'],
    ['044-123-456', '044123456'],
    ['00383 44 123 456', '+38344123456'],
    ['(044) 123.456', '044123456'],
    ['+383-44-123456', '+38344123456'],
    ['+38344123456', '+38344123456'],
    ['  +355 69 455 1020 ', '+355694551020'],
  ])('accepts %j and stores %j', (written, stored) => {
    expect(phone.parse(written)).toBe(stored);
  });

  it.each([
    '044-abc',
    '12345',
    '+',
    '1234567890123456',
    '+383 44 123 456 7 8',
    '044/123/456',
    '++38344123456',
    '044 123 456 ext 2',
  ])('refuses %j with the spec message', (written) => {
    const r = phone.safeParse(written);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Invalid phone number.');
  });

  it('asks for a missing phone with the required message', () => {
    expect(phone.safeParse('  ').error?.issues[0]?.message).toBe('required');
  });
});

describe('names', () => {
  it.each(['Berisha-Gashi', "O'Neil", 'Anna Maria', 'Ëndrit', 'Çlirim', 'D’Angelo', 'A', 'McDonald'])(
    'accepts %j as it is',
    (n) => {
      expect(name.parse(n)).toBe(n);
    },
  );

  it.each([
    ['arta', 'Arta'],
    ['berisha-gashi', 'Berisha-Gashi'],
    ['Berisha-gashi', 'Berisha-Gashi'],
    ['anna maria', 'Anna Maria'],
    ['  Anna   maria ', 'Anna Maria'],
    ["o'neil", "O'Neil"],
    ['d’angelo', 'D’Angelo'],
    ['ëndrit', 'Ëndrit'],
    ['çlirim', 'Çlirim'],
    ['ARTA', 'ARTA'],
  ])('takes %j as typed and stores %j (decision 209)', (typed, stored) => {
    expect(name.parse(typed)).toBe(stored);
  });

  it.each(["O'", '-Ana', 'Ana-', 'B3', 'Ana!', 'Ana--Maria'])('refuses %j with the letters message', (n) => {
    expect(name.safeParse(n).error?.issues[0]?.message).toBe('letters');
  });

  it('asks for a missing name with the required message', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required');
  });

  it('capitaliseName keeps everything but the first letter of each part as typed', () => {
    expect(capitaliseName('  van der   berg ')).toBe('Van Der Berg');
    expect(capitaliseName('mcDonald')).toBe('McDonald');
  });
});

describe('the same rule on every form', () => {
  const person = {
    firstName: 'Arta',
    lastName: 'Berisha-Test',
    phoneNumber: '+383 44 100 202',
    email: 'arta@example.com',
  };

  it('sign-up, user edit and checkout accept a grouped phone and a double last name and store one form', () => {
    const signUp = RegisterUserInput.parse({ ...person, password: 'Sekret#2026' });
    const edit = UpdateUserInput.parse({ ...person, userID: 3, roleID: 2 });
    const checkout = CustomerDetailsInput.parse({
      ...person,
      countryID: 1,
      city: 'Ferizaj',
      address: 'Rr. 1',
      zipCode: '70000',
    });
    expect([signUp.phoneNumber, edit.phoneNumber, checkout.phoneNumber]).toEqual([
      '+38344100202',
      '+38344100202',
      '+38344100202',
    ]);
    expect([signUp.lastName, edit.lastName, checkout.lastName]).toEqual([
      'Berisha-Test',
      'Berisha-Test',
      'Berisha-Test',
    ]);
  });

  it('checkout refuses what sign-up refuses', () => {
    const r = CustomerDetailsInput.safeParse({
      ...person,
      firstName: 'Art4',
      phoneNumber: '044-abc',
      countryID: 1,
      city: 'Ferizaj',
      address: 'Rr. 1',
      zipCode: '70000',
    });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['firstName', 'phoneNumber']);
  });

  it('sign-up, user edit and checkout all store lowercase names with capitals', () => {
    const typed = { ...person, firstName: 'arta', lastName: 'berisha-gashi' };
    const signUp = RegisterUserInput.parse({ ...typed, password: 'Sekret#2026' });
    const edit = UpdateUserInput.parse({ ...typed, userID: 3, roleID: 2 });
    const checkout = CustomerDetailsInput.parse({
      ...typed,
      countryID: 1,
      city: 'Ferizaj',
      address: 'Rr. 1',
      zipCode: '70000',
    });
    for (const parsed of [signUp, edit, checkout])
      expect([parsed.firstName, parsed.lastName]).toEqual(['Arta', 'Berisha-Gashi']);
  });
});
