// A product's average stars as shown (decision 234), on its own: product cards are in the first page load.
/** The average (the server rounds it to one decimal) with a comma: "4,5", "4". */
export const formatRating = (average: number): string => String(average).replace('.', ',');
