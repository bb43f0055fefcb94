// The shop's map (OpenStreetMap embed) and contact details on the contact page.
import { messages } from '../../../shared/messages';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../components/layout/icons';
import { SHOP_MAP, telHref } from '../../components/layout/shop-info';

const m = messages.contact;

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
            <a href={`mailto:${m.shopEmail}`}>{m.shopEmail}</a>
          </dd>
        </div>
        <div>
          <dt>
            <PhoneIcon /> {m.phonesLabel}
          </dt>
          <dd>
            <a href={telHref(m.phone1)}>{m.phone1}</a>
            <br />
            <a href={telHref(m.phone2)}>{m.phone2}</a>
          </dd>
        </div>
        <div>
          <dt>
            <PinIcon /> {m.addressLabel}
          </dt>
          <dd>
            {m.address}
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
