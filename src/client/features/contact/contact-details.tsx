// The shop's map (OpenStreetMap embed) and contact details on the contact page.
import { messages } from '#shared/messages';
import { contactMessages } from '#shared/messages/contact';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '#client/components/layout/icons';
import { SHOP_MAP, telHref } from '#client/components/layout/shop-info';

const m = contactMessages.contact;

export function ContactMap() {
  return (
    <div className="contact-map">
      <iframe title={m.mapTitle} src={SHOP_MAP.embed} loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
    </div>
  );
}

export function ContactDetails() {
  return (
    <section className="contact-details" aria-labelledby="contact-details-heading">
      <h2 id="contact-details-heading" className="section-title section-title--sm">
        {m.detailsHeading}
      </h2>
      <dl className="contact-details__list">
        <div>
          <dt>
            <MailIcon /> {m.email}
          </dt>
          <dd>
            <a href={`mailto:${messages.shop.email}`}>{messages.shop.email}</a>
          </dd>
        </div>
        <div>
          <dt>
            <PhoneIcon /> {m.phonesLabel}
          </dt>
          <dd>
            <a href={telHref(messages.shop.phone1)}>{messages.shop.phone1}</a>
            <br />
            <a href={telHref(messages.shop.phone2)}>{messages.shop.phone2}</a>
          </dd>
        </div>
        <div>
          <dt>
            <PinIcon /> {m.addressLabel}
          </dt>
          <dd>
            {messages.shop.address}
            <br />
            <a href={SHOP_MAP.link} target="_blank" rel="noopener noreferrer">
              {messages.footer.mapLink} <span className="visually-hidden">{messages.footer.newTab}</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>
            <ClockIcon /> {m.hoursLabel}
          </dt>
          <dd>{messages.footer.openingHours}</dd>
        </div>
      </dl>
    </section>
  );
}
