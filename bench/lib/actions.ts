import type * as Bench from "@/app/(till)/bench/actions";
import type * as Bills from "@/app/(till)/bills/actions";
import type * as Electricity from "@/app/(till)/electricity/actions";
import type * as Fines from "@/app/(till)/fines/actions";
import type * as Cash from "@/app/(till)/shift/cash/actions";
import type * as Shift from "@/app/(till)/shift/actions";
import type * as Vas from "@/app/(till)/vas/actions";
import type * as Tills from "@/app/(office)/tills/actions";
import type * as Unresolved from "@/app/(office)/unresolved/actions";
import type * as Users from "@/app/(office)/users/actions";
import type * as Kiosk from "@/app/kiosk/actions";
import type * as KioskPay from "@/app/kiosk/pay/actions";
import type * as CardPayment from "@/lib/actions/card-payment";
import type * as Sale from "@/lib/actions/sale";

/**
 * A server action as the bench, the soak and the tests call it over HTTP: the file the
 * build's manifest names and its export. The export's name is checked by the compiler against
 * that file's exports (a rename breaks the build of the tests, not a run), and the file by
 * findAction against the manifest.
 */
export interface ActionRef {
  file: string;
  name: string;
}

/** The actions of one file: `of<typeof Module>(file)("anExport")`. */
const of =
  <M>(file: string) =>
  <K extends keyof M & string>(name: K): ActionRef => ({ file, name });

export const ACTIONS = {
  bench: of<typeof Bench>("app/(till)/bench/actions.ts"),
  bills: of<typeof Bills>("app/(till)/bills/actions.ts"),
  electricity: of<typeof Electricity>("app/(till)/electricity/actions.ts"),
  fines: of<typeof Fines>("app/(till)/fines/actions.ts"),
  cash: of<typeof Cash>("app/(till)/shift/cash/actions.ts"),
  shift: of<typeof Shift>("app/(till)/shift/actions.ts"),
  vas: of<typeof Vas>("app/(till)/vas/actions.ts"),
  tills: of<typeof Tills>("app/(office)/tills/actions.ts"),
  unresolved: of<typeof Unresolved>("app/(office)/unresolved/actions.ts"),
  users: of<typeof Users>("app/(office)/users/actions.ts"),
  kiosk: of<typeof Kiosk>("app/kiosk/actions.ts"),
  kioskPay: of<typeof KioskPay>("app/kiosk/pay/actions.ts"),
  card: of<typeof CardPayment>("lib/actions/card-payment.ts"),
  sale: of<typeof Sale>("lib/actions/sale.ts"),
};

/** The unresolved page's actions by name (the soak's supervisor). */
export type OfficeAction = keyof typeof Unresolved & string;
