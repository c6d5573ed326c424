import { headers } from "next/headers";

/**
 * Registers Kassa's offline worker (public/sw.js) from a till or kiosk page: a page opened while
 * Kassa restarts shows "Kassa is restarting, your sales are safe" and comes back by itself. An
 * inline snippet with the page's CSP nonce, not a client component: the till's JavaScript
 * budget stays as it was.
 */
export async function OfflineWorker() {
  return (
    <script
      suppressHydrationWarning
      nonce={(await headers()).get("x-nonce") ?? undefined}
      dangerouslySetInnerHTML={{ __html: REGISTER }}
    />
  );
}

const REGISTER =
  'if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js").catch(function(){})});';
