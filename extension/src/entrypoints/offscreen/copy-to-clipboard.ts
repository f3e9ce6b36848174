/**
 * Copies through a selected textarea: the way Chrome's offscreen CLIPBOARD reason is meant to be used
 * (navigator.clipboard needs a focused document, which an offscreen page never is). False when refused.
 */
export function copyToClipboard(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
