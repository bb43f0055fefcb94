// Each storefront page's title and description (its <head> in the server's HTML, document.title in the browser),
// read by the pages' declarations (src/shared/pages.ts, `head`). In the storefront's first load with the route
// declarations, so only the heads live here: the pages' own catalogues point at these texts for their headings.
// The catalogue pages' heads (home, listings, search, products) use the first-load catalogue (messages.ts).

export const pageHeadMessages = {
  account: { title: 'Mirë se vini' },
  profile: { title: 'Profili' },
  forgotPassword: {
    title: 'Rivendosni fjalëkalimin',
    description:
      'Shkruani emailin e llogarisë suaj dhe do t’ju dërgojmë një lidhje për të vendosur një fjalëkalim të ri.',
  },
  resetPassword: { title: 'Vendosni një fjalëkalim të ri' },
  emailChange: { title: 'Konfirmoni adresën e re të e-mailit' },
  wishlist: { title: 'Lista e dëshirave' },
  cart: { title: 'Shporta' },
  checkout: { title: 'Porosia' },
  orderConfirmation: { title: 'Faleminderit për porosinë!' },
  myOrder: { title: 'Porositë e mia' },
  orderStatus: {
    title: 'Gjendja e porosisë',
    description: 'Shkruani numrin e porosisë dhe e-mailin ose numrin e telefonit me të cilin e bëtë porosinë.',
  },
  contact: {
    title: 'Kontakti',
    description:
      'Keni një pyetje për një porosi, një madhësi apo një produkt? Na shkruani dhe ju përgjigjemi brenda ditës.',
  },
  returnPolicy: {
    title: 'Kthimet dhe ndërrimet',
    description:
      'Rimbursojmë vlerën e paguar të artikujve të kthyer. Kostoja e transportit të kthimit nuk rimbursohet.',
  },
  looks: {
    title: 'Stilet',
    description: 'Stilet e dyqanit: fustane, çanta dhe këpucë që shkojnë bashkë, me zbritje kur i merrni të gjitha.',
  },
  review: { title: 'Vlerësoni blerjen tuaj' },
  backInStockConfirm: { title: 'Konfirmimi i njoftimit për stokun' },
  backInStockUnsubscribe: { title: 'Çregjistrimi nga njoftimet e stokut' },
  cartRestore: { title: 'Shporta juaj' },
  cartUnsubscribe: { title: 'Çregjistrohu nga kujtesat e shportës' },
} as const;
