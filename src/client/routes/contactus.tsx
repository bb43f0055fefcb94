// /contactus: map, intro, the shop's contact details and the contact form.
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { contactMessages } from '#shared/messages/contact';
import { ContactDetails, ContactMap } from '../features/contact/contact-details';
import { ContactForm } from '../features/contact/contact-form';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/contactus')({
  head: routeHead(pages.contact),
  component: ContactPage,
});

function ContactPage() {
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
