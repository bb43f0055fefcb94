// "Porositë e mia", one order's page, the order-status lookup and the order statuses (shopper texts, Albanian).
// Own module of the shopper catalogue (src/shared/messages.ts), imported only by these features' routes and
// the server, so a catalogue page's first load does not carry it (decision 214). Interpolate with fill().

import { pageHeadMessages } from './page-heads';

export const orderMessages = {
  myOrders: {
    heading: pageHeadMessages.myOrder.title,
    empty: 'Nuk keni bërë ende asnjë porosi.',
    loadFailed: 'Porositë nuk u ngarkuan.',
    orderNumber: 'Porosia',
    date: 'Data',
    status: 'Statusi',
    total: 'Totali',
    items: { one: '{n} artikull', other: '{n} artikuj' },
    open: 'Shiko porosinë {number}',
    previous: 'Më të rejat',
    next: 'Më të vjetrat',
    pageOf: 'Faqja {page} nga {pages}',
  },
  orderTracking: {
    title: pageHeadMessages.orderStatus.title,
    intro: pageHeadMessages.orderStatus.description,
    orderNumber: 'Numri i porosisë',
    orderNumberHint: 'p.sh. #000123',
    contact: 'E-maili ose telefoni',
    submit: 'Shiko porosinë',
    searching: 'Duke kërkuar…',
    notFound: 'Nuk gjetëm asnjë porosi me këtë numër dhe këtë e-mail ose telefon.',
    invalidOrderNumber: 'Shkruani numrin e porosisë, p.sh. #000123.',
    contactRequired: 'Shkruani e-mailin ose numrin e telefonit.',
    invalidContact: 'Shkruani një e-mail ose numër telefoni të vlefshëm.',
    failed: 'Kërkimi nuk u krye. Provoni përsëri.',
    placedOn: 'Porositur më {date}',
    shippedOn: 'Dorëzuar më {date}',
    lines: 'Artikujt',
    subtotal: 'Nëntotali',
    discount: 'Zbritja',
    shipping: 'Transporti',
    total: 'Totali',
    storeCredit: 'Kredia në dyqan', // decision 273
    giftCard: 'Kartë dhuratë', // decision 274
    toPay: "Për t'u paguar",
    another: 'Kërko një porosi tjetër',
  },
  // One order's page (decision 255): the tracked order on /order-status and /porosite/{id} from "Porositë e mia".
  orderPage: {
    title: 'Porosia {number}',
    deliverTo: 'Adresa e dërgesës',
    backToOrders: 'Te porositë e mia',
    notFound: 'Porosia nuk u gjet.',
    signIn: 'Kyçuni për ta parë këtë porosi.',
    loadFailed: 'Porosia nuk mund të ngarkohej.',
    retry: 'Provo përsëri',
  },
  // One word per state (decision 248): "Dorëzuar" is handed over and paid, never "sent".
  orderStatus: {
    pending: 'Në pritje',
    delivered: 'Dorëzuar',
    cancelled: 'Anuluar',
    returned: 'Kthyer',
  },
  // Where a pending order stands, as the shopper sees it (issue 27, decision 229).
  orderStage: {
    new: 'Në pritje',
    confirmed: 'Konfirmuar',
    packed: 'Paketuar',
    shipped: 'Në dërgesë',
    courier: 'Korrieri: {courier}',
    trackingNumber: 'Numri i gjurmimit: {tracking}',
    trackParcel: 'Ndiq pakon',
  },
} as const;
