import { CONTACT_MESSAGE_MAX, commonMessages, toastTitles } from '@localmart/contract';
import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { isNetworkFailure } from '../../../lib/http.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSendBusinessContact } from '../api/send-business-contact.ts';
import { contactFormSchema, EMPTY_CONTACT_FORM } from '../model/contact-form.ts';

export const SEND_MESSAGE_LABEL = 'Send message';
export const MESSAGE_NOT_SENT = 'Message not sent';

/**
 * The store contact form (issue 4: "a contact form that reaches the store by email"). One schema
 * from the contract validates here and on the server; the server's answer message is the toast.
 */
export function ContactForm({ businessId, storeName }: { businessId: string; storeName: string }) {
  const form = useZodForm(contactFormSchema, EMPTY_CONTACT_FORM);
  const send = useSendBusinessContact(businessId);
  const messageId = useId();
  const message = form.field('message');

  const submit = form.handleSubmit((data) => {
    send.mutate(data, {
      onSuccess: (outcome) => {
        if (outcome.sent) {
          showSuccess(toastTitles.success, outcome.message);
          form.reset();
        } else if (!isNetworkFailure(outcome.failure)) {
          // Spec §8: network errors are logged by the HTTP helper, never toasted.
          showError(MESSAGE_NOT_SENT, outcome.failure.message);
        }
      },
    });
  });

  const offline = send.data && !send.data.sent && isNetworkFailure(send.data.failure);
  return (
    <form
      ref={form.formRef}
      className="lm-contact-form lm-auth-form"
      onSubmit={submit}
      noValidate
      aria-label={`Message ${storeName}`}
    >
      <h3 className="lm-contact-heading">Send {storeName} a message</h3>
      <TextField label="Your name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...form.field('phone')} />
      <div className={message.error ? 'lm-field lm-field-invalid' : 'lm-field'}>
        <label className="lm-field-label" htmlFor={messageId}>
          Message
        </label>
        <textarea
          id={messageId}
          className="lm-input lm-textarea"
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          value={message.value}
          onChange={(event) => message.onValueChange(event.target.value)}
          aria-invalid={message.error ? true : undefined}
          aria-describedby={message.error ? `${messageId}-error` : undefined}
        />
        {message.error && (
          <p id={`${messageId}-error`} className="lm-field-error">
            {message.error}
          </p>
        )}
      </div>
      {offline && (
        <p className="lm-field-error" role="alert">
          {commonMessages.genericFailure}
        </p>
      )}
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={send.isPending}
        aria-busy={send.isPending}
      >
        {SEND_MESSAGE_LABEL}
      </button>
    </form>
  );
}
