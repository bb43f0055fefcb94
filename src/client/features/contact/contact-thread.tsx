// One contact message's thread (issue 35 point 11, decision 257): the shopper's message, the staff's replies in
// order (who, when, the text, where each reply's e-mail stands in the outbox), and the form that e-mails a reply.
// Every text is rendered as text by React: a message holding <script> shows as those characters.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { ContactMessageDto } from '#shared/dto/contact';
import type { ContactReplyDto } from '#shared/dto/contact';
import { CONTACT_REPLY_MAX, ContactReplyInput } from '#shared/schemas/contact-replies';
import { Field, FieldLook } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { MailStatusBadge, formatDateTime } from '#client/components/dashboard/sales-kit';

const r = staffMessages.contactReplies;

/** How often an open thread asks again while one of its e-mails is still on its way. */
const MAIL_POLL_MS = 5000;

export function ContactThread({ id, onClose }: { id: number; onClose: () => void }) {
  const thread = useQuery({
    ...trpc.contact.thread.queryOptions({ id }),
    refetchInterval: (query) =>
      query.state.data?.replies.some((x) => x.mailStatus === 'queued' || x.mailStatus === 'sending')
        ? MAIL_POLL_MS
        : false,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = thread.isSuccess;
  // Opened from a row further down: the thread comes into view with the focus on its title.
  useEffect(() => {
    if (!loaded) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [id, loaded]);
  if (thread.isPending) return <section className="dash-card contact-thread">{messages.common.loading}</section>;
  if (thread.isError)
    return (
      <section className="dash-card contact-thread" role="alert">
        {readError(thread.error, r.loadFailed).message}
      </section>
    );
  const { message, replies } = thread.data;
  return (
    <section className="dash-card contact-thread" aria-labelledby="contact-thread-title" data-testid="contact-thread">
      <header className="contact-thread__head">
        <h2 id="contact-thread-title" ref={heading} tabIndex={-1}>
          {fill(r.title, { name: message.name })}
        </h2>
        <button type="button" className="dash-btn dash-btn--sm" onClick={onClose}>
          {r.close}
        </button>
      </header>
      <ol className="contact-thread__items">
        <li className="contact-thread__item is-original" data-testid="contact-original">
          <p className="contact-thread__meta">
            <strong>{r.original}</strong> · {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </p>
          <p className="contact-thread__body">{message.message}</p>
        </li>
        {replies.map((reply) => (
          <ReplyItem key={reply.replyID} reply={reply} />
        ))}
      </ol>
      {replies.length === 0 && <p className="dash-muted">{r.none}</p>}
      <ReplyForm message={message} />
    </section>
  );
}

function ReplyItem({ reply }: { reply: ContactReplyDto }) {
  return (
    <li className="contact-thread__item is-reply" data-testid="contact-reply">
      <p className="contact-thread__meta">
        <strong>{fill(r.by, { name: reply.userName ?? r.formerStaff })}</strong> ·{' '}
        <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time> ·{' '}
        <span className="contact-thread__mail" data-testid="contact-reply-mail">
          {r.mail}: {reply.mailStatus ? <MailStatusBadge status={reply.mailStatus} /> : r.mailGone}
        </span>
      </p>
      <p className="contact-thread__body">{reply.body}</p>
      {reply.mailStatus === 'failed' && reply.mailError && <p className="dash-error">{reply.mailError}</p>}
    </li>
  );
}

/** The reply: sent, the thread is replaced by the server's answer and the list shows the message answered. */
function ReplyForm({ message }: { message: ContactMessageDto }) {
  const qc = useQueryClient();
  const reply = useMutation(trpc.contact.reply.mutationOptions());
  const form = useForm({
    initialValues: { body: '' },
    schema: ContactReplyInput,
    toInput: (v) => ({ id: message.contactID, body: v.body }),
    errorFallback: r.failed,
    onSubmit: async (input, helpers) => {
      const thread = await reply.mutateAsync(input);
      qc.setQueryData(trpc.contact.thread.queryKey({ id: message.contactID }), thread);
      // The box empties as the reply shows in the thread, not after the list's refetch.
      helpers.reset({ body: '' });
      notify.success(r.sent);
      await qc.invalidateQueries({ queryKey: trpc.contact.page.pathKey() });
    },
  });
  return (
    <form {...form.formProps} className="sales-note-form contact-reply-form">
      <FieldLook.Provider value="dashboard">
        <Field
          label={r.replyLabel}
          hint={fill(r.replyHint, { email: message.email })}
          {...form.field('body', `contact-reply-${message.contactID}`)}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.input('body')}
              className="dash-input"
              rows={5}
              maxLength={CONTACT_REPLY_MAX}
            />
          )}
        </Field>
      </FieldLook.Provider>
      {form.formError && (
        <p className="dash-error" role="alert">
          {form.formError}
        </p>
      )}
      <SubmitButton form={form} label={r.send} className="dash-btn dash-btn--primary" />
    </form>
  );
}
