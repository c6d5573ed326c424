/**
 * The kiosk's words in English, Afrikaans and isiZulu, as ICU messages. Only the server
 * reads these (lib/i18n/kiosk-text.ts); the browser gets the finished strings.
 */
export const KIOSK_LOCALES = ["en", "af", "zu"] as const;
export type KioskLocale = (typeof KIOSK_LOCALES)[number];

/** Each language named in itself, for the start screen's picker. */
export const KIOSK_LOCALE_NAMES: Record<KioskLocale, string> = {
  en: "English",
  af: "Afrikaans",
  zu: "isiZulu",
};

const en = {
  start: {
    title: "Pay your traffic fines",
    intro: "Look up your fines with your ID number or a notice number, and pay by card.",
    useId: "Use my ID number",
    useNotice: "Use a notice number",
    language: "Language",
  },
  entry: {
    idLabel: "ID number",
    noticeLabel: "Notice number",
    idPlaceholder: "13 digits",
    noticePlaceholder: "as printed on the notice",
    back: "Back",
    lookUp: "Look up fines",
  },
  keypad: { group: "Keypad", clear: "Clear", delete: "Delete last digit" },
  fines: {
    title: "Your traffic fines",
    none: "You have no unpaid fines. Thank you!",
    selectAll: "Select all unpaid fines",
    paid: "Paid",
    notice: "Notice",
    vehicle: "Vehicle",
    total: "Total",
    done: "Done",
    pay: "Pay by card",
    notHere: "Cannot be paid here",
    courtCase: "A court case is open for this notice: pay it at the court.",
    partlyPaid: "Partly paid already: pay the rest at the traffic department.",
    leaving: "Opening the card payment page…",
  },
  idle: {
    title: "Still there?",
    clearsIn: "This screen clears in {seconds} seconds.",
    stay: "I'm still here",
  },
};

export type KioskMessages = typeof en;

const af: KioskMessages = {
  start: {
    title: "Betaal jou verkeersboetes",
    intro: "Soek jou boetes met jou ID-nommer of 'n kennisgewingnommer, en betaal met 'n kaart.",
    useId: "Gebruik my ID-nommer",
    useNotice: "Gebruik 'n kennisgewingnommer",
    language: "Taal",
  },
  entry: {
    idLabel: "ID-nommer",
    noticeLabel: "Kennisgewingnommer",
    idPlaceholder: "13 syfers",
    noticePlaceholder: "soos op die kennisgewing gedruk",
    back: "Terug",
    lookUp: "Soek boetes",
  },
  keypad: { group: "Syferblok", clear: "Vee uit", delete: "Vee laaste syfer uit" },
  fines: {
    title: "Jou verkeersboetes",
    none: "Jy het geen onbetaalde boetes nie. Dankie!",
    selectAll: "Kies alle onbetaalde boetes",
    paid: "Reeds betaal",
    notice: "Kennisgewing",
    vehicle: "Voertuig",
    total: "Totaal",
    done: "Klaar",
    pay: "Betaal met kaart",
    notHere: "Kan nie hier betaal word nie",
    courtCase: "Daar is 'n hofsaak oor hierdie kennisgewing: betaal dit by die hof.",
    partlyPaid: "Reeds gedeeltelik betaal: betaal die res by die verkeersdepartement.",
    leaving: "Die kaartbetaalblad word oopgemaak…",
  },
  idle: {
    title: "Is jy nog hier?",
    clearsIn: "Hierdie skerm word oor {seconds} sekondes skoongemaak.",
    stay: "Ek is nog hier",
  },
};

const zu: KioskMessages = {
  start: {
    title: "Khokha izinhlawulo zakho zomgwaqo",
    intro:
      "Bheka izinhlawulo zakho ngenombolo kamazisi noma ngenombolo yesaziso, bese ukhokha ngekhadi.",
    useId: "Sebenzisa inombolo yami kamazisi",
    useNotice: "Sebenzisa inombolo yesaziso",
    language: "Ulimi",
  },
  entry: {
    idLabel: "Inombolo kamazisi",
    noticeLabel: "Inombolo yesaziso",
    idPlaceholder: "izinombolo eziyi-13",
    noticePlaceholder: "njengoba ibhalwe esazisweni",
    back: "Buyela emuva",
    lookUp: "Bheka izinhlawulo",
  },
  keypad: { group: "Izinombolo", clear: "Sula konke", delete: "Sula inombolo yokugcina" },
  fines: {
    title: "Izinhlawulo zakho zomgwaqo",
    none: "Awunazo izinhlawulo ongakazikhokhi. Siyabonga!",
    selectAll: "Khetha zonke izinhlawulo ezingakakhokhwa",
    paid: "Sekukhokhiwe",
    notice: "Isaziso",
    vehicle: "Imoto",
    total: "Isamba",
    done: "Qeda",
    pay: "Khokha ngekhadi",
    notHere: "Ayikwazi ukukhokhwa lapha",
    courtCase: "Kunecala enkantolo ngalesi saziso: sikhokhele enkantolo.",
    partlyPaid: "Sekukhokhwe ingxenye: khokha okusele emnyangweni wezokuhamba.",
    leaving: "Kuvulwa ikhasi lokukhokha ngekhadi…",
  },
  idle: {
    title: "Usekhona?",
    clearsIn: "Lesi sikrini sizosulwa emizuzwaneni engu-{seconds}.",
    stay: "Ngisekhona",
  },
};

export const KIOSK_MESSAGES: Record<KioskLocale, KioskMessages> = { en, af, zu };

/** A language from the address, or English. */
export function kioskLocaleOf(value: string | undefined | null): KioskLocale {
  return (KIOSK_LOCALES as readonly string[]).includes(value ?? "") ? (value as KioskLocale) : "en";
}
