// The contact page and its form (shopper texts, Albanian).
// Own module of the shopper catalogue (src/shared/messages.ts), imported only by these features' routes and
// the server, so a catalogue page's first load does not carry it (decision 214). Interpolate with fill().

import { pageHeadMessages } from './page-heads';

export const contactMessages = {
  contact: {
    title: pageHeadMessages.contact.title,
    intro: pageHeadMessages.contact.description,
    name: 'Emri',
    phone: 'Telefoni',
    email: 'E-mail',
    message: 'Mesazhi',
    send: 'Dërgo',
    success: 'Mesazhi u dërgua me sukses!',
    failure: 'Gabim gjatë dërgimit të mesazhit. Ju lutemi provoni përsëri.',
    mapTitle: 'Harta e dyqanit në Ferizaj',
    invalidEmail: 'Ju lutemi shkruani një adresë e-maili të vlefshme.',
    nameRequired: 'Ju lutemi shkruani emrin.',
    phoneRequired: 'Ju lutemi shkruani numrin e telefonit.',
    emailRequired: 'Ju lutemi shkruani e-mailin.',
    messageRequired: 'Ju lutemi shkruani mesazhin.',
    tooLong: 'Teksti është shumë i gjatë.',
    messageNotFound: 'Mesazhi nuk u gjet.',
    detailsHeading: 'Të dhënat e kontaktit',
    formHeading: 'Na dërgoni një mesazh',
    sending: 'Duke dërguar…',
    addressLabel: 'Adresa',
    phonesLabel: 'Telefoni',
    hoursLabel: 'Orari',
  },
} as const;
