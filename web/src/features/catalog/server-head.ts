/**
 * The gateway writes the landing page's title and share tags into the HTML for crawlers
 * (services/gateway landing-render, marked with this attribute), and index.html names the brand
 * in a <title>. The app writes its own per page (components/seo), so these go before it renders:
 * a second <title> would win over the app's.
 */
export const SERVER_HEAD_ATTRIBUTE = 'data-server-head';

export function removeServerHead(doc: Document = document): void {
  for (const element of doc.head.querySelectorAll(`title, [${SERVER_HEAD_ATTRIBUTE}]`)) {
    element.remove();
  }
}
