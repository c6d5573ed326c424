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
    show: "Show",
    hide: "Hide",
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
  problems: {
    idLength: "An ID number has 13 digits. Check it and try again.",
    idDate:
      "The first six digits of an ID number are the date of birth, and these are not a real date. Check it and try again.",
    idCheckDigit:
      "This ID number is mistyped: its last digit does not match. Check it and try again.",
    noticeLength: "A notice number has 10 to 20 digits. Check it and try again.",
    numberInvalid: "This number is not valid. Check it and try again.",
    notFound: "No fines were found for this number.",
    notHere: "This fine cannot be paid here. Please pay it at the traffic department.",
    changed:
      "Your fines have changed since you looked them up. Nothing was charged. Please look them up again.",
    unsettled:
      "An earlier payment for this fine is still being checked. Nothing was charged. Please ask staff for help.",
    tooMany: "Too many look-ups at this kiosk. Please wait a few minutes and try again.",
    unavailable:
      "The fines service is not available right now. Nothing was charged. Please try again later.",
    cardNotStarted:
      "The card payment could not be started. Nothing was charged. Please try again later.",
    help: "Something went wrong. Please ask staff for help.",
    closed: "This kiosk has been closed. Nothing was charged. Please pay at the counter.",
  },
  payment: {
    title: "Checking your payment",
    checking: "Checking your payment…",
    wait: "Please wait a moment.",
    finishedTitle: "This payment is finished",
    startAgain: "Start again to look up your fines.",
    notClearedTitle: "Your payment was received",
    notCleared: "But your fines could not be cleared. Please ask staff for help.",
    notPaidTitle: "Not paid",
    declined: "Your card payment was declined. Nothing was paid.",
    cancelled: "Your card payment was cancelled. Nothing was paid.",
    notInTime: "Your card payment was not finished in time. Nothing was paid.",
    notPaid: "Your card payment did not go through. Nothing was paid.",
    notConfirmedTitle: "Payment not confirmed",
    notConfirmed:
      "We could not confirm your card payment. Do not pay again: please ask staff for help.",
    errorTitle: "Something went wrong",
    cannotCheck: "This payment cannot be checked at this kiosk. Please ask staff for help.",
    back: "Back to the start",
  },
  receipt: {
    title: "Your receipt",
    opening: "Opening your receipt…",
    goneTitle: "This receipt is no longer shown",
    startAgain: "Start again to look up your fines.",
    paidTitle: "Your fines are paid",
    notice: "Notice",
    registryReceipt: "Registry receipt",
    invoice: "invoice",
    notGiven: "not given",
    checkReceipt: "Check this receipt with your phone, or type its code at",
    total: "Total paid by card",
    order: "Registry order",
    print: "Print receipt",
    done: "Done",
  },
  closed: {
    title: "This kiosk is closed",
    text: "Please pay your traffic fines at the counter.",
    staff: "Staff sign-in",
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
    show: "Wys",
    hide: "Versteek",
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
  problems: {
    idLength: "'n ID-nommer het 13 syfers. Kontroleer dit en probeer weer.",
    idDate:
      "Die eerste ses syfers van 'n ID-nommer is die geboortedatum, en dit is nie 'n regte datum nie. Kontroleer dit en probeer weer.",
    idCheckDigit:
      "Hierdie ID-nommer is verkeerd ingetik: die laaste syfer klop nie. Kontroleer dit en probeer weer.",
    noticeLength: "'n Kennisgewingnommer het 10 tot 20 syfers. Kontroleer dit en probeer weer.",
    numberInvalid: "Hierdie nommer is nie geldig nie. Kontroleer dit en probeer weer.",
    notFound: "Geen boetes is vir hierdie nommer gevind nie.",
    notHere:
      "Hierdie boete kan nie hier betaal word nie. Betaal dit asseblief by die verkeersdepartement.",
    changed:
      "Jou boetes het verander sedert jy hulle opgesoek het. Niks is gehef nie. Soek hulle asseblief weer op.",
    unsettled:
      "'n Vorige betaling vir hierdie boete word nog nagegaan. Niks is gehef nie. Vra asseblief die personeel om hulp.",
    tooMany: "Te veel soektogte by hierdie kiosk. Wag asseblief 'n paar minute en probeer weer.",
    unavailable:
      "Die boetediens is nou nie beskikbaar nie. Niks is gehef nie. Probeer asseblief later weer.",
    cardNotStarted:
      "Die kaartbetaling kon nie begin word nie. Niks is gehef nie. Probeer asseblief later weer.",
    help: "Iets het skeefgeloop. Vra asseblief die personeel om hulp.",
    closed: "Hierdie kiosk is gesluit. Niks is gehef nie. Betaal asseblief by die toonbank.",
  },
  payment: {
    title: "Ons kontroleer jou betaling",
    checking: "Ons kontroleer jou betaling…",
    wait: "Wag asseblief 'n oomblik.",
    finishedTitle: "Hierdie betaling is klaar",
    startAgain: "Begin weer om jou boetes op te soek.",
    notClearedTitle: "Jou betaling is ontvang",
    notCleared: "Maar jou boetes kon nie afgehandel word nie. Vra asseblief die personeel om hulp.",
    notPaidTitle: "Nie betaal nie",
    declined: "Jou kaartbetaling is geweier. Niks is betaal nie.",
    cancelled: "Jou kaartbetaling is gekanselleer. Niks is betaal nie.",
    notInTime: "Jou kaartbetaling is nie betyds voltooi nie. Niks is betaal nie.",
    notPaid: "Jou kaartbetaling het nie deurgegaan nie. Niks is betaal nie.",
    notConfirmedTitle: "Betaling nie bevestig nie",
    notConfirmed:
      "Ons kon jou kaartbetaling nie bevestig nie. Moenie weer betaal nie: vra asseblief die personeel om hulp.",
    errorTitle: "Iets het skeefgeloop",
    cannotCheck:
      "Hierdie betaling kan nie by hierdie kiosk nagegaan word nie. Vra asseblief die personeel om hulp.",
    back: "Terug na die begin",
  },
  receipt: {
    title: "Jou kwitansie",
    opening: "Jou kwitansie word oopgemaak…",
    goneTitle: "Hierdie kwitansie word nie meer gewys nie",
    startAgain: "Begin weer om jou boetes op te soek.",
    paidTitle: "Jou boetes is betaal",
    notice: "Kennisgewing",
    registryReceipt: "Registerkwitansie",
    invoice: "faktuur",
    notGiven: "nie gegee nie",
    checkReceipt: "Kontroleer hierdie kwitansie met jou foon, of tik sy kode in by",
    total: "Totaal met kaart betaal",
    order: "Registerbestelling",
    print: "Druk kwitansie",
    done: "Klaar",
  },
  closed: {
    title: "Hierdie kiosk is gesluit",
    text: "Betaal asseblief jou verkeersboetes by die toonbank.",
    staff: "Personeel: meld aan",
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
    show: "Bonisa",
    hide: "Fihla",
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
  problems: {
    idLength: "Inombolo kamazisi inezinombolo eziyi-13. Yihlole bese uzama futhi.",
    idDate:
      "Izinombolo eziyisithupha zokuqala zenombolo kamazisi ziwusuku lokuzalwa, futhi lolu akulona usuku lwangempela. Yihlole bese uzama futhi.",
    idCheckDigit:
      "Le nombolo kamazisi ibhalwe kabi: inombolo yokugcina ayihambisani. Yihlole bese uzama futhi.",
    noticeLength:
      "Inombolo yesaziso inezinombolo eziyi-10 kuya kwezingama-20. Yihlole bese uzama futhi.",
    numberInvalid: "Le nombolo ayivumelekile. Yihlole bese uzama futhi.",
    notFound: "Azikho izinhlawulo ezitholakele zale nombolo.",
    notHere: "Le nhlawulo ayikwazi ukukhokhwa lapha. Sicela uyikhokhele emnyangweni wezokuhamba.",
    changed:
      "Izinhlawulo zakho zishintshile selokhu uzibhekile. Akukho okukhokhisiwe. Sicela uphinde uzibheke.",
    unsettled:
      "Inkokhelo yangaphambilini yale nhlawulo isahlolwa. Akukho okukhokhisiwe. Sicela ucele usizo kubasebenzi.",
    tooMany:
      "Kunokusesha okuningi kakhulu kule khiyoski. Sicela ulinde imizuzu embalwa bese uzama futhi.",
    unavailable:
      "Uhlelo lwezinhlawulo alutholakali manje. Akukho okukhokhisiwe. Sicela uzame futhi emuva kwesikhathi.",
    cardNotStarted:
      "Inkokhelo ngekhadi ayikwazanga ukuqalwa. Akukho okukhokhisiwe. Sicela uzame futhi emuva kwesikhathi.",
    help: "Kukhona okungahambanga kahle. Sicela ucele usizo kubasebenzi.",
    closed: "Le khiyoski ivaliwe. Akukho okukhokhisiwe. Sicela ukhokhele ekhawuntareni.",
  },
  payment: {
    title: "Sihlola inkokhelo yakho",
    checking: "Sihlola inkokhelo yakho…",
    wait: "Sicela ulinde kancane.",
    finishedTitle: "Le nkokhelo isiqediwe",
    startAgain: "Qala futhi ukuze ubheke izinhlawulo zakho.",
    notClearedTitle: "Inkokhelo yakho itholakele",
    notCleared: "Kodwa izinhlawulo zakho azikwazanga ukusulwa. Sicela ucele usizo kubasebenzi.",
    notPaidTitle: "Akukhokhiwe",
    declined: "Inkokhelo yakho ngekhadi yenqatshiwe. Akukho okukhokhiwe.",
    cancelled: "Inkokhelo yakho ngekhadi ikhanseliwe. Akukho okukhokhiwe.",
    notInTime: "Inkokhelo yakho ngekhadi ayiqedwanga ngesikhathi. Akukho okukhokhiwe.",
    notPaid: "Inkokhelo yakho ngekhadi ayiphumelelanga. Akukho okukhokhiwe.",
    notConfirmedTitle: "Inkokhelo ayiqinisekisiwe",
    notConfirmed:
      "Asikwazanga ukuqinisekisa inkokhelo yakho ngekhadi. Ungaphinde ukhokhe: sicela ucele usizo kubasebenzi.",
    errorTitle: "Kukhona okungahambanga kahle",
    cannotCheck: "Le nkokhelo ayikwazi ukuhlolwa kule khiyoski. Sicela ucele usizo kubasebenzi.",
    back: "Buyela ekuqaleni",
  },
  receipt: {
    title: "Irisidi lakho",
    opening: "Kuvulwa irisidi lakho…",
    goneTitle: "Leli risidi alisaboniswa",
    startAgain: "Qala futhi ukuze ubheke izinhlawulo zakho.",
    paidTitle: "Izinhlawulo zakho zikhokhiwe",
    notice: "Isaziso",
    registryReceipt: "Irisidi lerejista",
    invoice: "i-invoyisi",
    notGiven: "akunikiwe",
    checkReceipt: "Hlola leli risidi ngefoni yakho, noma uthayiphe ikhodi yalo ku",
    total: "Isamba esikhokhwe ngekhadi",
    order: "Ioda lerejista",
    print: "Phrinta irisidi",
    done: "Qeda",
  },
  closed: {
    title: "Le khiyoski ivaliwe",
    text: "Sicela ukhokhele izinhlawulo zakho zomgwaqo ekhawuntareni.",
    staff: "Abasebenzi: ngena",
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
