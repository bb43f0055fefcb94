// /contactus: map, intro, the shop's contact details and the contact form.
import { createFileRoute } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { contactMessages } from '#shared/messages/contact';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { ContactDetails, ContactMap } from '../features/contact/contact-details';
import { ContactForm } from '../features/contact/contact-form';

export const Route = createFileRoute('/contactus')({
  component: ContactPage,
});

function ContactPage() {
  useDocumentTitle(contactMessages.contact.title);
  return (
    <div className="contact">
      <ContactMap />
      <div className="container contact__body">
        <header className="contact__intro">
          <p className="eyebrow">{messages.common.shopName}</p>
          <h1 className="page-title">{contactMessages.contact.title}</h1>
          <p>{contactMessages.contact.intro}</p>
        </header>
        <div className="contact__grid">
          <ContactDetails />
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
