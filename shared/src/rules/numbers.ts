// Number texts in the en-US style ("1,910", "$23.17") without Intl: the first toLocaleString/Intl.NumberFormat call
// of a page loads ICU's number data, which cost the server-rendered /pricing 33 ms of its hydration on a fast
// desktop core (about four times that on Lighthouse's mobile CPU). Our figures are plain non-negative amounts.

/** 1910 → "1,910"; 1234567.5 → "1,234,567.5" (the fraction, if any, as given). */
export function formatCount(n: number): string {
  const [whole = '', fraction] = String(n).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "$29", "$1,910", "$23.17", "$23.10": whole dollars without cents, otherwise two decimals. */
export function formatUsd(dollars: number): string {
  if (Number.isInteger(dollars)) return `$${formatCount(dollars)}`;
  const [whole = '0', cents] = dollars.toFixed(2).split('.');
  return `$${formatCount(Number(whole))}.${cents}`;
}
