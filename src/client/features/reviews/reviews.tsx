// /dashboard/reviews (decision 234): buyers' reviews by state (pending first), approved, hidden, and the shop's
// public reply. Every text a buyer wrote is shown as text (React escapes it).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { StaffReviewDto } from '#shared/dto/reviews';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatDate } from '#shared/dates';
import { REVIEW_LIMITS, REVIEW_STATUSES, type ReviewStatus } from '#shared/reviews';
import { ReplyReviewInput } from '#shared/schemas/reviews';
import { Field } from '#client/components/ui/field';
import { Stars } from '#client/components/ui/stars';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Pager } from '#client/components/dashboard/pager';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import '#client/components/dashboard/sales.css';

const r = staffMessages.reviews;

export function ReviewsScreen() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.reviews.list.queryOptions({ status, page }), placeholderData: keepPreviousData });
  return (
    <>
      <PageHeader title={r.title} />
      <p className="dash-hint">{r.intro}</p>
      <div className="reviews-admin__filter" role="group" aria-label={r.filter}>
        {REVIEW_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`dash-btn dash-btn--sm${s === status ? ' dash-btn--primary' : ''}`}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {r.states[s]} ({list.data?.counts[s] ?? 0})
          </button>
        ))}
      </div>
      {list.isError ? (
        <p className="dash-error" role="alert">
          {r.loadFailed}
        </p>
      ) : !list.data ? (
        <p role="status">{messages.common.loading}</p>
      ) : list.data.items.length === 0 ? (
        <p className="dash-hint">{r.none}</p>
      ) : (
        <ul className="reviews-admin__list">
          {list.data.items.map((item) => (
            <ReviewCard key={item.reviewID} review={item} />
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />}
    </>
  );
}

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.reviews.list.queryKey() });
}

function ReviewCard({ review }: { review: StaffReviewDto }) {
  const refresh = useRefresh();
  const approve = useMutation(trpc.reviews.approve.mutationOptions());
  const hide = useMutation(trpc.reviews.hide.mutationOptions());
  const [replying, setReplying] = useState(false);
  const move = async (which: 'approve' | 'hide') => {
    try {
      await (which === 'approve' ? approve : hide).mutateAsync({ id: review.reviewID });
      notify.success(which === 'approve' ? r.approved : r.hidden);
    } catch (err) {
      notify.error(readError(err, r.failed).message);
    }
    await refresh();
  };
  return (
    <li className="reviews-admin__card" data-testid="staff-review">
      <div className="reviews-admin__head">
        <Stars rating={review.rating} size="sm" label={fill(r.starsLabel, { rating: review.rating })} />
        <strong className="reviews-admin__title">{review.title}</strong>
        <span className="dash-chip">{r.state[review.status]}</span>
      </div>
      <p className="reviews-admin__meta">
        <Link to="/dashboard/edit-product/$productID" params={{ productID: String(review.productID) }}>
          {review.productName}
        </Link>
        {' · '}
        {review.authorName} · {formatDate(review.createdAt.slice(0, 10))}
        {review.orderId !== null && (
          <>
            {' · '}
            <Link to="/dashboard/orderDetails/$id" params={{ id: String(review.orderId) }}>
              {fill(r.order, { number: review.orderNumber ?? '' })}
            </Link>
          </>
        )}
      </p>
      <p className="reviews-admin__body">{review.body}</p>
      {review.reply && !replying && (
        <p className="reviews-admin__reply">
          <strong>{r.replyLabel}:</strong> {review.reply}
        </p>
      )}
      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <div className="reviews-admin__actions">
          {review.status !== 'approved' && (
            <button
              type="button"
              className="dash-btn dash-btn--sm dash-btn--primary"
              onClick={() => void move('approve')}
            >
              {r.approve}
            </button>
          )}
          {review.status !== 'hidden' && (
            <button type="button" className="dash-btn dash-btn--sm" onClick={() => void move('hide')}>
              {r.hide}
            </button>
          )}
          <button type="button" className="dash-btn dash-btn--sm" onClick={() => setReplying(true)}>
            {r.reply}
          </button>
        </div>
      )}
    </li>
  );
}

function ReplyForm({ review, onDone }: { review: StaffReviewDto; onDone: () => void }) {
  const refresh = useRefresh();
  const reply = useMutation(trpc.reviews.reply.mutationOptions());
  const form = useForm({
    initialValues: { reply: review.reply ?? '' },
    schema: ReplyReviewInput,
    toInput: (v) => ({ ...v, id: review.reviewID }),
    errorFallback: r.failed,
    onSubmit: async (input) => {
      await reply.mutateAsync(input);
      notify.success(r.replied);
      await refresh();
      onDone();
    },
    fieldOf: (path) => (path === 'reply' ? 'reply' : undefined),
  });
  return (
    <form {...form.formProps} className="reviews-admin__reply-form">
      <Field label={r.replyLabel} look="dashboard" {...form.field('reply', `reply-${review.reviewID}`)}>
        {(control) => <textarea {...control} {...form.input('reply')} rows={3} maxLength={REVIEW_LIMITS.replyMax} />}
      </Field>
      {form.formError && (
        <p className="dash-error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="reviews-admin__actions">
        <button type="submit" className="dash-btn dash-btn--sm dash-btn--primary" disabled={form.submitting}>
          {r.saveReply}
        </button>
        <button type="button" className="dash-btn dash-btn--sm" onClick={onDone}>
          {r.cancel}
        </button>
      </div>
    </form>
  );
}
