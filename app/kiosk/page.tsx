import type { Metadata } from "next";
import { KioskFines } from "./kiosk-fines";

export const metadata: Metadata = { title: "Pay your traffic fines" };

/** The kiosk's start screen and the whole look-up and choose flow (the layout checks the kiosk role). */
export default function KioskStart() {
  return <KioskFines />;
}
