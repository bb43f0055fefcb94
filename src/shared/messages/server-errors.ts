// The answers the server gives a request it refuses before any page's own check (sign-in, role, rate, size, a body
// it cannot read): shown by whatever client made the request, so never part of the storefront's first load.
// Own module of the shopper catalogue (decision 214).

export const serverErrorMessages = {
  unauthorized: 'Ju lutemi kyçuni.',
  forbidden: 'Nuk keni leje për këtë veprim.',
  tooManyRequests: 'Shumë kërkesa. Ju lutemi provoni më vonë.',
  batchTooLarge: 'Shumë thirrje në një kërkesë.',
  payloadTooLarge: 'Kërkesa është shumë e madhe.',
  malformedJson: 'Trupi i kërkesës nuk është JSON i vlefshëm.',
  malformedForm: 'Formulari i dërguar është i dëmtuar ose i paplotë.',
  nestingTooDeep: 'Të dhënat e kërkesës janë të ndërfutura shumë thellë njëra brenda tjetrës.',
} as const;
