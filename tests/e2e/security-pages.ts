/**
 * Every main page of Kassa by role, walked by the security and accessibility specs.
 * Slips (/slips/<id>) and a shift's report (/shifts/<id>) are reached through the UI.
 */
export const PAGES = {
  signedOut: ["/login", "/verify"],
  cashier: [
    "/till",
    "/electricity",
    "/bills",
    "/fines",
    "/vas?category=airtime",
    "/vas?category=voucher",
    "/history",
    "/care",
    "/shift/x",
    "/shift/close",
    "/shift/cash",
    "/display",
  ],
  supervisor: [
    "/office",
    "/balance",
    "/reports",
    "/commission",
    "/accounts",
    "/mail",
    "/reconciliation",
    "/unresolved",
    "/shifts",
    "/users",
    "/tills",
    "/paper",
    "/tills/till-2/settings",
    "/audit",
    "/password",
    "/meters",
    "/exceptions",
    "/authenticator",
  ],
  kiosk: ["/kiosk"],
} as const;
