export const ROLE_LABELS: Record<string, string> = {
  cashier: "Cashier",
  supervisor: "Supervisor",
  kiosk: "Kiosk",
};
