// @vitest-environment happy-dom
// The dashboard's date field (decision 258): dd.mm.yyyy typed and shown whatever the browser's language, dots put in
// as bare digits are typed, its own Albanian message for an impossible date or one outside min/max, the month
// calendar by keyboard (arrows, Page Up, Enter, Escape, the focus back on the field), and a form that submits
// yyyy-mm-dd through the shared schema.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { addDays, formatDate, shopToday } from '#shared/dates';
import { staffMessages } from '#shared/messages-staff';
import { dateField } from '#shared/schemas/discounts';
import { useForm } from '#client/lib/forms/use-form';
import { DateField } from './date-field';
import { Field } from './field';

const t = staffMessages.dateField;
afterEach(cleanup);

/** A field as a filter uses it: the value it hands on is kept and shown beside it. */
function Filter({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field id="day" label="Data" look="dashboard">
        {(control) => <DateField {...control} value={value} onChange={setValue} min={min} max={max} />}
      </Field>
      <output data-testid="value">{value}</output>
      <button type="button">tjetër</button>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Data');
const handedOn = () => screen.getByTestId('value').textContent;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const leave = () => fireEvent.blur(input());

describe('typing a date', () => {
  it('shows dd.mm.vvvv as its hint and the value as dd.mm.yyyy', () => {
    render(<Filter initial="2026-11-27" />);
    expect(input().value).toBe('27.11.2026');
    expect(input().placeholder).toBe('dd.mm.vvvv');
    expect(input().type).toBe('text');
  });

  it('hands on yyyy-mm-dd for every accepted form, shown as dd.mm.yyyy once the field is left', () => {
    render(<Filter />);
    const forms: Array<[string, string]> = [
      ['27.11.2026', '2026-11-27'],
      ['27/11/2026', '2026-11-27'],
      ['27-11-2026', '2026-11-27'],
      ['2.3.2026', '2026-03-02'],
      ['27.11.26', '2026-11-27'],
      ['5/6/27', '2027-06-05'],
    ];
    for (const [typed, iso] of forms) {
      type(typed);
      leave();
      expect(handedOn(), typed).toBe(iso);
      expect(input().value, typed).toBe(formatDate(iso));
      type('');
    }
  });

  it('hands a date on as soon as its four-digit year is typed, not a two-digit year it passes on the way', () => {
    render(<Filter />);
    type('2.3.20');
    expect(handedOn()).toBe('');
    type('2.3.2026');
    expect(handedOn()).toBe('2026-03-02');
    expect(input().value).toBe('2.3.2026'); // not rewritten under the cursor
  });

  it('puts the dots in as digits are typed without them', () => {
    render(<Filter />);
    let typed = '';
    for (const digit of '27112026') {
      typed = input().value + digit;
      type(typed);
    }
    expect(input().value).toBe('27.11.2026');
    expect(handedOn()).toBe('2026-11-27');
  });

  it('lets a dot be deleted without putting it back', () => {
    render(<Filter />);
    type('27');
    type('271');
    expect(input().value).toBe('27.1');
    type('27.');
    expect(input().value).toBe('27.');
  });

  it('says in Albanian why 31.02.2026 is no date, and hands on the text so a form refuses it', () => {
    render(<Filter />);
    type('31.02.2026');
    leave();
    expect(screen.getByRole('alert').textContent).toBe('Kjo datë nuk ekziston: në shkurt 2026 ka vetëm 28 ditë.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe('day-date-problem');
    expect(handedOn()).toBe('31.02.2026');
    type('28.02.2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(handedOn()).toBe('2026-02-28');
  });

  it('explains a month past 12 and text that is no date', () => {
    render(<Filter />);
    type('12.13.2026');
    leave();
    expect(screen.getByRole('alert').textContent).toBe(t.noSuchMonth);
    type('nesër');
    leave();
    expect(screen.getByRole('alert').textContent).toBe(t.notADate);
  });

  it('refuses a date outside min and max with the allowed end in its message', () => {
    render(<Filter min="2026-11-10" max="2026-11-30" />);
    type('09.11.2026');
    leave();
    expect(screen.getByRole('alert').textContent).toBe('Data duhet të jetë 10.11.2026 ose më vonë.');
    type('01.12.2026');
    leave();
    expect(screen.getByRole('alert').textContent).toBe('Data duhet të jetë 30.11.2026 ose më herët.');
    type('15.11.2026');
    leave();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a new value from outside (a preset) in place of what was typed', () => {
    function Preset() {
      const [value, setValue] = useState('');
      return (
        <>
          <Field id="day" label="Data" look="dashboard">
            {(control) => <DateField {...control} value={value} onChange={setValue} />}
          </Field>
          <button type="button" onClick={() => setValue('2026-01-05')}>
            preset
          </button>
        </>
      );
    }
    render(<Preset />);
    type('27.1');
    fireEvent.click(screen.getByText('preset'));
    expect(input().value).toBe('05.01.2026');
  });
});

describe('the month calendar', () => {
  const openCalendar = () => fireEvent.click(screen.getByRole('button', { name: t.openCalendar }));
  const focusedDay = () => document.activeElement as HTMLElement;

  it('opens on the field’s date in Albanian, Monday first, with the day focused', () => {
    render(<Filter initial="2026-11-27" />);
    openCalendar();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Nëntor 2026')).toBeTruthy();
    const heads = within(dialog)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Hën', 'Mar', 'Mër', 'Enj', 'Pre', 'Sht', 'Die']);
    expect(focusedDay().getAttribute('aria-label')).toBe('e premte, 27 nëntor 2026');
    expect(focusedDay().closest('td')?.getAttribute('aria-selected')).toBe('true');
    // 1 November 2026 is a Sunday: the first week has six empty cells before it.
    const firstWeek = within(dialog).getAllByRole('row')[1]!;
    expect(
      within(firstWeek)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['', '', '', '', '', '', '1']);
    expect(screen.getByRole('button', { name: t.openCalendar }).getAttribute('aria-expanded')).toBe('true');
  });

  it('arrows move the day (across months), Enter picks it and the focus goes back to the field', async () => {
    render(<Filter initial="2026-11-27" />);
    openCalendar();
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    await waitFor(() => expect(focusedDay().getAttribute('data-day')).toBe('2026-11-28'));
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    await waitFor(() => expect(focusedDay().getAttribute('data-day')).toBe('2026-12-05'));
    expect(within(screen.getByRole('dialog')).getByText('Dhjetor 2026')).toBeTruthy();
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    await waitFor(() => expect(focusedDay().getAttribute('data-day')).toBe('2026-11-27'));
    fireEvent.keyDown(grid, { key: 'PageUp' });
    await waitFor(() => expect(focusedDay().getAttribute('data-day')).toBe('2026-10-27'));
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(handedOn()).toBe('2026-10-27');
    expect(input().value).toBe('27.10.2026');
    expect(document.activeElement).toBe(input());
  });

  it('Escape closes it without a change, the focus back on the field', () => {
    render(<Filter initial="2026-11-27" />);
    openCalendar();
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(handedOn()).toBe('2026-11-27');
    expect(document.activeElement).toBe(input());
  });

  it('Alt+Down opens it from the field; a press outside closes it', () => {
    render(<Filter />);
    fireEvent.keyDown(input(), { key: 'ArrowDown', altKey: true });
    expect(screen.getByRole('dialog')).toBeTruthy();
    // With no date typed, it opens on today.
    expect(focusedDay().getAttribute('data-day')).toBe(shopToday());
    fireEvent.pointerDown(screen.getByText('tjetër'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('days outside min and max cannot be picked', () => {
    const today = shopToday();
    render(<Filter min={today} />);
    openCalendar();
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(focusedDay().getAttribute('data-day')).toBe(addDays(today, -1));
    expect(focusedDay().getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(handedOn()).toBe('');
  });

  it('the month buttons change the month shown', () => {
    render(<Filter initial="2026-01-31" />);
    openCalendar();
    fireEvent.click(screen.getByRole('button', { name: t.nextMonth }));
    expect(within(screen.getByRole('dialog')).getByText('Shkurt 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.previousMonth }));
    fireEvent.click(screen.getByRole('button', { name: t.previousMonth }));
    expect(within(screen.getByRole('dialog')).getByText('Dhjetor 2025')).toBeTruthy();
  });
});

describe('in a form', () => {
  const Schema = z.object({ startDate: dateField });

  function DateForm({ onSubmit }: { onSubmit: (data: unknown) => void }) {
    const form = useForm({ initialValues: { startDate: '' }, schema: Schema, errorFallback: 'gabim', onSubmit });
    return (
      <form {...form.formProps} aria-label="forma">
        <Field label="Data" look="dashboard" {...form.field('startDate', 'day')}>
          {(control) => (
            <DateField
              {...control}
              name="startDate"
              value={form.values.startDate}
              onChange={(v) => form.set('startDate', v)}
            />
          )}
        </Field>
        <button type="submit">ruaj</button>
      </form>
    );
  }

  it('submits yyyy-mm-dd for a date typed dd.mm.yyyy', async () => {
    const onSubmit = vi.fn();
    render(<DateForm onSubmit={onSubmit} />);
    type('27.11.2026');
    leave();
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ startDate: '2026-11-27' });
  });

  it('refuses an impossible date with one message: the form’s once it is submitted', async () => {
    const onSubmit = vi.fn();
    render(<DateForm onSubmit={onSubmit} />);
    type('31.02.2026');
    leave();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Kjo datë nuk ekziston: në shkurt 2026 ka vetëm 28 ditë.',
    ]);
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        staffMessages.dashboardSales.invalidDate,
      ]),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
