// A deposit by bank transfer on a risky order (issue 37, decision 277): under the shop's deposit rule the order screen
// says what packing waits for and staff record the transfer received, typed as they read it ("10", "9,90"). The
// server parses, checks and audits it (400 with the field's message); this only sends it and shows the answer.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import type { OrderDto } from '#shared/dto/orders';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';

const m = staffMessages.codRisk;

export function DepositForm({ order }: { order: OrderDto }) {
  const qc = useQueryClient();
  const record = useMutation(trpc.orders.recordDeposit.mutationOptions());
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const live = order.status === 'pending' && order.stage !== 'shipped' && order.closedAt === null;
  if (!order.depositRequired && order.depositAmount === 0) return null;
  return (
    <div className="sales-risk-notice" data-testid="deposit">
      {order.depositAmount > 0 && (
        <p data-testid="deposit-received">{fill(m.depositReceived, { amount: formatEuro(order.depositAmount) })}</p>
      )}
      {live && (
        <form
          className="sales-note-form"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              const next = await record.mutateAsync({ id: order.orderId, amount });
              qc.setQueryData(trpc.orders.get.queryKey({ id: order.orderId }), next);
              await qc.invalidateQueries({ queryKey: trpc.orders.pathKey() });
              setAmount('');
              setError(null);
              notify.success(m.depositRecorded);
            } catch (err) {
              const e2 = readError(err, m.depositInvalid);
              setError(e2.fieldErrors?.amount?.[0] ?? e2.message);
            }
          }}
        >
          <label className="dash-label" htmlFor="deposit-amount">
            {m.depositAmount}
          </label>
          <input
            id="deposit-amount"
            className="dash-input"
            inputMode="decimal"
            style={{ maxWidth: '12rem' }}
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'deposit-error' : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          {error && (
            <span id="deposit-error" className="dash-error" role="alert">
              {error}
            </span>
          )}
          <button type="submit" className="dash-btn" disabled={record.isPending}>
            {m.depositRecord}
          </button>
        </form>
      )}
    </div>
  );
}
