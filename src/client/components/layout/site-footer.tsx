// Storefront footer: shop contact details with a map link, navigation links and social links.
import { Link } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { ClockIcon, FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon, TiktokIcon } from './icons';
import { SHOP_LINKS, SHOP_MAP, telHref } from './shop-info';

const m = messages;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <FooterBrand />
        <nav className="site-footer__col" aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            {m.footer.linksHeading}
          </h2>
          <ul>
            <li>
              <Link to="/">{m.nav.home}</Link>
            </li>
            <li>
              <Link to="/products">{m.nav.products}</Link>
            </li>
            <li>
              <Link to="/glow-outlet">{m.nav.glowOutlet}</Link>
            </li>
            <li>
              <Link to="/contactus">{m.nav.contact}</Link>
            </li>
            <li>
              <Link to="/order-status">{m.footer.orderStatusLink}</Link>
            </li>
            <li>
              <Link to="/kthimet">{m.footer.returnsLink}</Link>
            </li>
            <li>
              <Link to="/stilet">{m.footer.looksLink}</Link>
            </li>
            <li>
              <Link to="/wishlist">{m.nav.wishlist}</Link>
            </li>
            <li>
              <Link to="/cart">{m.nav.cart}</Link>
            </li>
          </ul>
        </nav>
        <FooterContact />
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {year} Butiku. {m.footer.rights}
        </p>
      </div>
    </footer>
  );
}

/** Shop name, a line about it and the social links. */
function FooterBrand() {
  return (
    <section className="site-footer__brand" aria-labelledby="footer-shop">
      <h2 id="footer-shop" className="logo logo--light">
        Butiku
      </h2>
      <p>{m.footer.about}</p>
      <h3 className="site-footer__heading">{m.footer.followHeading}</h3>
      <ul className="social">
        <li>
          <a
            href={SHOP_LINKS.instagram}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Instagram ${m.footer.newTab}`}
          >
            <InstagramIcon />
          </a>
        </li>
        <li>
          <a
            href={SHOP_LINKS.facebook}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Facebook ${m.footer.newTab}`}
          >
            <FacebookIcon />
          </a>
        </li>
        <li>
          <a
            href={SHOP_LINKS.tiktok}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`TikTok ${m.footer.newTab}`}
          >
            <TiktokIcon />
          </a>
        </li>
      </ul>
    </section>
  );
}

/** Address with the map link, phones, e-mail and opening hours. */
function FooterContact() {
  return (
    <section className="site-footer__col" aria-labelledby="footer-contact">
      <h2 id="footer-contact" className="site-footer__heading">
        {m.footer.contactHeading}
      </h2>
      <ul className="contact-list">
        <li>
          <PinIcon />
          <span>
            {m.shop.address}
            <br />
            <a href={SHOP_MAP.link} target="_blank" rel="noopener noreferrer">
              {m.footer.mapLink} <span className="visually-hidden">{m.footer.newTab}</span>
            </a>
          </span>
        </li>
        <li>
          <PhoneIcon />
          <span>
            <a href={telHref(m.shop.phone1)}>{m.shop.phone1}</a>
            <br />
            <a href={telHref(m.shop.phone2)}>{m.shop.phone2}</a>
          </span>
        </li>
        <li>
          <MailIcon />
          <a href={`mailto:${m.shop.email}`}>{m.shop.email}</a>
        </li>
        <li>
          <ClockIcon />
          <span>{m.footer.openingHours}</span>
        </li>
      </ul>
    </section>
  );
}
