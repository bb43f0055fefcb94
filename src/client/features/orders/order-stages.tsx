// The stage bar of a pending order (issue 27, decision 229): "Konfirmuar" / "Nuk përgjigjet" for a new order,
// "Paketuar" once confirmed, the courier and tracking number to send a packed one, the courier's tracking link once
// shipped; and the staff's internal notes. The server decides which move is allowed (409 otherwise).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { OrderDto } from '#shared/dto/orders';
import { OrderNoteInput, ShipOrderInput } from '#shared/schemas/orders';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { useForm } from '#client/lib/forms/use-form';
import { Field, FieldLook } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { OrderStatusBadge, formatDateTime } from '#client/components/dashboard/sales-kit';
import { StageRiskNotice } from './refusal-risk';

const st = staffMessages.orderStages;

/** After a move: the order's cache, the lists and the stage counts. */
function useRefresh() {
  const qc = useQueryClient();
  return async (order: OrderDto) => {
    qc.setQueryData(trpc.orders.get.queryKey({ id: order.orderId }), order);
    await qc.invalidateQueries({ queryKey: trpc.orders.page.pathKey() });
    await qc.invalidateQueries({ queryKey: trpc.orders.stageCounts.pathKey() });
  };
}

export function StageBadge({ stage }: { stage: OrderDto['stage'] }) {
  if (stage === null) return null;
  return (
    <span className={`sales-badge sales-stage sales-stage--${stage}`} data-testid="order-stage">
      {st.names[stage]}
    </span>
  );
}

function StageMoves({ order }: { order: OrderDto }) {
  const refresh = useRefresh();
  const confirm = useMutation(trpc.orders.confirm.mutationOptions());
  const noAnswer = useMutation(trpc.orders.noAnswer.mutationOptions());
  const pack = useMutation(trpc.orders.pack.mutationOptions());
  const busy = confirm.isPending || noAnswer.isPending || pack.isPending;
  async function run(m: typeof confirm, done: string) {
    try {
      await refresh(await m.mutateAsync({ id: order.orderId }));
      notify.success(done);
    } catch (err) {
      notify.error(readError(err, st.moveFailed).message);
    }
  }
  if (order.stage === 'new')
    return (
      <>
        <button
          type="button"
          className="dash-btn dash-btn--primary"
          disabled={busy || order.heldAt !== null}
          onClick={() => void run(confirm, st.moved)}
        >
          {st.confirm}
        </button>
        <button type="button" className="dash-btn" disabled={busy} onClick={() => void run(noAnswer, st.noAnswerSaved)}>
          {st.noAnswer}
        </button>
      </>
    );
  if (order.stage === 'confirmed')
    return (
      <button
        type="button"
        className="dash-btn dash-btn--primary"
        disabled={busy}
        onClick={() => void run(pack, st.moved)}
      >
        {st.pack}
      </button>
    );
  return null;
}

function ShipForm({ order }: { order: OrderDto }) {
  const refresh = useRefresh();
  const couriers = useQuery(trpc.orders.couriers.queryOptions());
  const ship = useMutation(trpc.orders.ship.mutationOptions());
  const form = useForm({
    initialValues: { courierId: '', trackingNumber: '' },
    schema: ShipOrderInput,
    toInput: (v) => ({ id: order.orderId, courierId: Number(v.courierId) || 0, trackingNumber: v.trackingNumber }),
    errorFallback: st.moveFailed,
    onSubmit: async (input) => {
      await refresh(await ship.mutateAsync(input));
      notify.success(st.moved);
    },
  });
  if (couriers.data && couriers.data.length === 0)
    return (
      <p className="dash-muted">
        <Link to="/dashboard/couriers">{st.noCouriers}</Link>
      </p>
    );
  return (
    <form className="sales-ship" {...form.formProps} aria-label={st.shipTitle}>
      <FieldLook.Provider value="dashboard">
        <Field label={st.courier} {...form.field('courierId', 'ship-courier')} required>
          {(control) => (
            <select {...control} {...form.input('courierId')} className="dash-input">
              <option value="">{st.chooseCourier}</option>
              {(couriers.data ?? []).map((c) => (
                <option key={c.courierId} value={c.courierId}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={st.trackingNumber} {...form.field('trackingNumber', 'ship-tracking')} required>
          {(control) => (
            <input
              {...control}
              {...form.input('trackingNumber')}
              className="dash-input"
              autoComplete="off"
              maxLength={60}
            />
          )}
        </Field>
      </FieldLook.Provider>
      {form.formError && (
        <p className="dash-error" role="alert">
          {form.formError}
        </p>
      )}
      <SubmitButton form={form} label={st.shipSubmit} className="dash-btn dash-btn--primary" />
    </form>
  );
}

/** The stage card: where the order stands, the calls that went unanswered, and the next move. */
export function StageCard({ order }: { order: OrderDto }) {
  if (order.stage === null && !order.courierName) return null;
  return (
    <section className="dash-card sales-stage-card" aria-labelledby="order-stage" data-testid="stage-card">
      <h2 className="sales-card-title" id="order-stage">
        {/* A closed or delivered order has no stage: its state stands there instead of a blank (decision 248). */}
        {st.stage}: {order.stage ? <StageBadge stage={order.stage} /> : <OrderStatusBadge status={order.status} />}
      </h2>
      {order.callAttempts > 0 && <p className="dash-muted">{plural(st.callAttempts, order.callAttempts)}</p>}
      {order.confirmedAt && (
        <p className="dash-muted">
          {fill(st.confirmedBy, {
            name: order.history.find((h) => h.state === 'confirmed')?.userName ?? '—',
            at: formatDateTime(order.confirmedAt),
          })}
        </p>
      )}
      {order.courierName && (
        <p>
          {st.courier}: {order.courierName} · {st.trackingNumber}: <code>{order.trackingNumber}</code>
          {order.trackingUrl && (
            <>
              {' '}
              ·{' '}
              <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                {st.trackParcel}
              </a>
            </>
          )}
        </p>
      )}
      <div className="sales-stage-moves">
        <StageMoves order={order} />
      </div>
      <StageRiskNotice order={order} />
      {order.stage === 'packed' && <ShipForm order={order} />}
    </section>
  );
}

/** Staff-only notes: who wrote what and when, and a form for a new one. */
export function NotesCard({ order }: { order: OrderDto }) {
  const refresh = useRefresh();
  const add = useMutation(trpc.orders.addNote.mutationOptions());
  const form = useForm({
    initialValues: { body: '' },
    schema: OrderNoteInput,
    toInput: (v) => ({ id: order.orderId, body: v.body }),
    errorFallback: st.moveFailed,
    onSubmit: async (input, helpers) => {
      await refresh(await add.mutateAsync(input));
      helpers.reset({ body: '' });
      notify.success(st.noteSaved);
    },
  });
  return (
    <section className="dash-card" aria-labelledby="order-notes" style={{ marginTop: 16 }}>
      <h2 className="sales-card-title" id="order-notes">
        {st.notes} <span className="dash-muted">({st.notesHint})</span>
      </h2>
      {order.notes.length === 0 ? (
        <p className="dash-muted">{st.noNotes}</p>
      ) : (
        <ul className="sales-notes" data-testid="order-notes">
          {order.notes.map((n) => (
            <li key={n.noteId}>
              <span className="dash-muted">
                {formatDateTime(n.at)} · {n.userName ?? '—'}
              </span>
              <p>{n.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form {...form.formProps} className="sales-note-form">
        <FieldLook.Provider value="dashboard">
          <Field label={st.noteLabel} {...form.field('body', 'order-note')}>
            {(control) => (
              <textarea {...control} {...form.input('body')} className="dash-input" rows={2} maxLength={1000} />
            )}
          </Field>
        </FieldLook.Provider>
        <SubmitButton form={form} label={st.addNote} className="dash-btn" />
      </form>
    </section>
  );
}
