// Forgotten carts (issue 37, decision 275): the checkout's consent box for guests, the reminder e-mail, the page its
// link opens (the cart restored on any device) and the one-click unsubscribe page. The server imports the e-mail's
// texts; the two pages' route chunks the rest (never the storefront's first load). Interpolate with fill()/plural().

import { pageHeadMessages } from './page-heads';

export const cartReminderMessages = {
  consent: {
    label: 'Më kujtoni me e-mail nëse e lë shportën pa e porositur',
    hint: 'Një ose dy e-mail, jo më shumë. Mund të çregjistroheni me një klikim.',
    emailFirst: 'Shkruani e-mailin për të marrë kujtesën.',
  },
  mail: {
    subject: 'E harruat diçka në shportë?',
    subjectSecond: 'Shporta juaj ju pret ende',
    greeting: 'Përshëndetje {name},',
    greetingNoName: 'Përshëndetje,',
    intro: 'Lamë artikujt që zgjodhët në shportën tuaj. Ja ku janë, me çmimet e sotme:',
    line: '{product} ({variant}) × {quantity}: {price}',
    lineNoVariant: '{product} × {quantity}: {price}',
    soldOut: 'e shitur për momentin',
    fewLeft: { one: 'ka mbetur vetëm {n} copë', other: 'kanë mbetur vetëm {n} copë' },
    total: 'Gjithsej: {total}',
    action: 'Kthehu te shporta',
    actionPlain: 'Kthehu te shporta (hapet në çdo pajisje): {url}',
    note: 'Lidhja rikthen artikujt në shportë në çdo pajisje; nuk ju hyn në llogari.',
    unsubscribe: 'Nuk doni më kujtesa për shportën? Çregjistrohuni me një klikim: {url}',
    unsubscribeLink: 'Çregjistrohu nga kujtesat e shportës',
  },
  restore: {
    title: pageHeadMessages.cartRestore.title,
    loading: 'Duke rikthyer shportën…',
    done: { one: 'U rikthye {n} artikull në shportë.', other: 'U rikthyen {n} artikuj në shportë.' },
    empty: 'Kjo shportë është bosh tani: artikujt janë porositur ose hequr.',
    badLink: 'Kjo lidhje nuk është e vlefshme ose ka skaduar.',
    goToCart: 'Shko te shporta',
    backToShop: 'Kthehu në dyqan',
  },
  unsubscribe: {
    title: pageHeadMessages.cartUnsubscribe.title,
    intro: 'Nuk do t’ju dërgojmë më e-mail për shportat e lëna pa porositur.',
    button: 'Çregjistrohu',
    done: 'U çregjistruat. Nuk do të merrni më kujtesa për shportën.',
    badLink: 'Kjo lidhje nuk është e vlefshme.',
  },
  reports: {
    title: 'Shportat e harruara',
    carts: 'Shporta të harruara (me kujtesë)',
    value: 'Vlera e tyre',
    reminders: 'Kujtesa të dërguara',
    recoveredOrders: 'Porosi pas kujtesës',
    recoveredRevenue: 'Të ardhura të rikthyera',
    window: 'Porosi nga i njëjti blerës brenda {days} ditëve pas kujtesës.',
  },
} as const;
