/**
 * Traffic-fine registry seed. ID numbers carry valid Luhn check digits and real
 * birth dates; notice numbers are 16 digits with a Luhn check digit. `blockCode`
 * is the spec's error code a notice answers on validate and mark-paid (11 also on
 * look-up by notice); `failOnPay` only on mark-paid. `penaltyCents` is added by the
 * registry on validate and mark-paid but not shown by the look-up (a stale amount).
 */
export interface Fine {
  noticeNumber: string;
  vehicleLicenseNumber: string;
  charge: { classification: string; demeritPoints: number; description: string };
  date: string;
  time: string;
  location: {
    cityTown: string;
    streetName: string;
    suburb: string;
    issAuthority: { code: string; description: string };
  };
  netCents: number;
  paidAtSeed: boolean;
  blockCode?: 11 | 14 | 15 | 16 | 17 | 18;
  failOnPay?: 2 | 3;
  penaltyCents?: number;
}

export const VENDOR_FEE_CENTS = 2500;

export interface Infringer {
  kind: "person" | "business";
  /** SA ID number or company registration number (YYYY/NNNNNN/NN). */
  id: string;
  name: string;
  notices: string[];
}

const JMPD = { code: "JMPD", description: "Johannesburg Metropolitan Police Department" };
const TMPD = { code: "TMPD", description: "Tshwane Metropolitan Police Department" };
const CCT = { code: "CCT", description: "City of Cape Town Traffic Services" };
const ETH = { code: "ETH", description: "eThekwini Metro Police" };

/** Charges of one class, each with its demerit points and words. */
const ofClass =
  (classification: string) =>
  (demeritPoints: number, description: string): Fine["charge"] => ({
    classification,
    demeritPoints,
    description,
  });
const minor = ofClass("Minor infringement");
const major = ofClass("Major infringement");

const SPEED = (limit: number, got: number) =>
  minor(got - limit > 20 ? 2 : 1, `Exceeded the speed limit of ${limit} km/h: ${got} km/h`);
const RED = major(4, "Failed to stop at a red traffic signal");
const PHONE = minor(1, "Used a hand-held cellphone while driving");
const BELT = minor(1, "Drove without wearing a seatbelt");
const PARK = minor(0, "Parked in a no-parking zone");
const DISC = minor(1, "Licence disc of the vehicle expired");

type Where = Fine["location"];
/** A street in a town whose traffic authority issues its notices. */
const town =
  (cityTown: string, issAuthority: Where["issAuthority"]) =>
  (streetName: string, suburb: string): Where => ({ cityTown, streetName, suburb, issAuthority });
const jhb = town("Johannesburg", JMPD);
const pta = town("Pretoria", TMPD);
const cpt = town("Cape Town", CCT);
const dbn = town("Durban", ETH);

const f = (
  noticeNumber: string,
  vehicleLicenseNumber: string,
  charge: Fine["charge"],
  date: string,
  time: string,
  location: Where,
  rands: number,
  extra: Partial<Fine> = {},
): Fine => ({
  noticeNumber,
  vehicleLicenseNumber,
  charge,
  date,
  time,
  location,
  netCents: rands * 100,
  paidAtSeed: false,
  ...extra,
});

export const FINES: readonly Fine[] = [
  f(
    "0212600000000019",
    "HTK 482 GP",
    SPEED(60, 78),
    "2026-09-14",
    "07:42:10",
    jhb("Jan Smuts Avenue", "Craighall"),
    500,
  ),
  f(
    "0212600000000027",
    "HTK 482 GP",
    RED,
    "2026-10-02",
    "18:05:44",
    jhb("Louis Botha Avenue", "Orange Grove"),
    1000,
  ),
  f(
    "0212600000000035",
    "HTK 482 GP",
    PARK,
    "2026-06-20",
    "11:15:00",
    jhb("Commissioner Street", "Marshalltown"),
    250,
    { paidAtSeed: true },
  ),
  f(
    "0212600000000043",
    "CA 123-456",
    PHONE,
    "2026-08-08",
    "16:30:12",
    jhb("William Nicol Drive", "Bryanston"),
    250,
  ),
  f(
    "0212600000000050",
    "CA 123-456",
    SPEED(80, 121),
    "2026-03-11",
    "22:14:51",
    jhb("Beyers Naude Drive", "Northcliff"),
    1500,
    { blockCode: 14 },
  ),
  f(
    "0212600000000068",
    "CA 123-456",
    BELT,
    "2026-05-03",
    "08:01:33",
    jhb("Rivonia Road", "Sandton"),
    250,
    { paidAtSeed: true },
  ),
  f(
    "0212600000000076",
    "CA 123-456",
    SPEED(100, 124),
    "2026-10-29",
    "13:47:05",
    jhb("Main Road", "Fourways"),
    750,
  ),
  f(
    "0222600000000017",
    "BX 55 KL GP",
    DISC,
    "2026-02-17",
    "09:20:00",
    pta("Church Street", "Arcadia"),
    500,
    { paidAtSeed: true },
  ),
  f(
    "0222600000000025",
    "BX 55 KL GP",
    SPEED(60, 71),
    "2026-04-30",
    "15:55:19",
    pta("Lynnwood Road", "Lynnwood"),
    250,
    { paidAtSeed: true },
  ),
  f(
    "0222600000000082",
    "KZN 714 GP",
    SPEED(80, 97),
    "2026-10-04",
    "17:12:40",
    pta("Solomon Mahlangu Drive", "Equestria"),
    300,
  ),
  f(
    "0222600000000108",
    "MP 41 LB GP",
    BELT,
    "2026-10-14",
    "12:40:05",
    pta("Lynnwood Road", "Brooklyn"),
    200,
  ),
  f(
    "0222600000000116",
    "ND 902-117",
    PHONE,
    "2026-10-15",
    "16:22:48",
    pta("Church Street", "Arcadia"),
    250,
  ),
  f(
    "0222600000000090",
    "LMN 220 GP",
    SPEED(60, 79),
    "2026-10-11",
    "08:03:51",
    pta("Pretorius Street", "Hatfield"),
    250,
  ),
  f(
    "0222600000000033",
    "JHN 001 GP",
    SPEED(60, 84),
    "2026-09-30",
    "06:58:27",
    pta("Atterbury Road", "Menlo Park"),
    750,
  ),
  f(
    "0222600000000041",
    "JHN 001 GP",
    RED,
    "2026-01-09",
    "19:12:40",
    pta("Nelson Mandela Drive", "Sunnyside"),
    1000,
    { blockCode: 15 },
  ),
  f(
    "0222600000000058",
    "JHN 001 GP",
    PHONE,
    "2026-07-21",
    "12:03:08",
    pta("Solomon Mahlangu Drive", "Mamelodi"),
    250,
    { blockCode: 16 },
  ),
  f(
    "0222600000000066",
    "JHN 001 GP",
    SPEED(120, 151),
    "2026-06-06",
    "10:44:56",
    pta("N1 North", "Centurion"),
    1500,
    { blockCode: 18 },
  ),
  f(
    "0312500000000010",
    "CY 884-201",
    SPEED(120, 158),
    "2025-12-19",
    "14:22:31",
    cpt("N2", "Somerset West"),
    1500,
  ),
  f(
    "0312500000000028",
    "CY 884-201",
    PARK,
    "2026-08-27",
    "10:10:10",
    cpt("Long Street", "Cape Town CBD"),
    500,
  ),
  f(
    "0312500000000036",
    "CY 884-202",
    BELT,
    "2026-03-03",
    "07:30:00",
    cpt("Main Road", "Claremont"),
    250,
    { paidAtSeed: true },
  ),
  f(
    "0312500000000044",
    "CY 884-202",
    RED,
    "2026-05-15",
    "17:45:02",
    cpt("Voortrekker Road", "Bellville"),
    1000,
    { blockCode: 17 },
  ),
  f(
    "0412600000000017",
    "ND 456-789",
    SPEED(80, 103),
    "2026-10-11",
    "05:50:49",
    dbn("M4 Ruth First Highway", "Umhlanga"),
    1000,
  ),
  f(
    "0412600000000025",
    "ND 456-789",
    DISC,
    "2026-11-01",
    "09:09:09",
    dbn("Anton Lembede Street", "Durban Central"),
    250,
  ),
  f(
    "0412600000000033",
    "ND 456-790",
    PHONE,
    "2026-09-05",
    "16:16:16",
    dbn("Florida Road", "Morningside"),
    250,
    { failOnPay: 2 },
  ),
  f(
    "0412600000000041",
    "NU 321-654",
    SPEED(60, 98),
    "2026-07-07",
    "21:00:00",
    dbn("Umgeni Road", "Greyville"),
    1500,
    { blockCode: 11 },
  ),
  f(
    "0412600000000058",
    "NU 321-654",
    PARK,
    "2026-08-18",
    "12:30:00",
    dbn("Musgrave Road", "Berea"),
    250,
    { failOnPay: 3 },
  ),
  // The look-up says R 525,00 but a late penalty makes validate answer R 625,00.
  f(
    "0512600000000016",
    "FS 77 BB GP",
    SPEED(60, 80),
    "2026-04-04",
    "08:08:08",
    jhb("Empire Road", "Parktown"),
    500,
    {
      penaltyCents: 10000,
    },
  ),
  // The keyboard-only e2e spec's own payable fine (looked up by notice): no other test may use it.
  f(
    "0512600000000024",
    "KB 10 KB GP",
    BELT,
    "2026-09-09",
    "09:45:00",
    jhb("Oxford Road", "Rosebank"),
    300,
  ),
];

export const INFRINGERS: readonly Infringer[] = [
  {
    kind: "person",
    id: "8503140123089",
    name: "Thandi Mokoena",
    notices: ["0212600000000019", "0212600000000027", "0212600000000035"],
  },
  {
    kind: "person",
    id: "7811025234082",
    name: "Johan van der Merwe",
    notices: ["0212600000000043", "0212600000000050", "0212600000000068", "0212600000000076"],
  },
  {
    kind: "person",
    id: "9207250456086",
    name: "Priya Naidoo",
    notices: ["0222600000000017", "0222600000000025"],
  },
  {
    kind: "person",
    id: "0101305789089",
    name: "Sipho Dlamini",
    notices: ["0222600000000033", "0222600000000041", "0222600000000058", "0222600000000066"],
  },
  // The owner-table spec's kiosk card sale; never paid, and nobody else touches it.
  { kind: "person", id: "8804126341087", name: "Bongani Mthembu", notices: ["0222600000000090"] },
  // The kiosk's "Back after Done" spec pays this one fine and nobody else touches it.
  { kind: "person", id: "9006155123084", name: "Ayanda Khoza", notices: ["0222600000000082"] },
  // The kiosk-language spec pays these in Afrikaans and isiZulu; nobody else touches them.
  { kind: "person", id: "8707125800088", name: "Marike Botha", notices: ["0222600000000108"] },
  { kind: "person", id: "9511235679088", name: "Sizwe Ndlovu", notices: ["0222600000000116"] },
  { kind: "person", id: "9909090678080", name: "Lerato Khumalo", notices: [] },
  { kind: "person", id: "7606185123087", name: "Nomvula Shabalala", notices: ["0412600000000058"] },
  {
    kind: "business",
    id: "2015/123456/07",
    name: "Mokoena Logistics (Pty) Ltd",
    notices: ["0312500000000010", "0312500000000028", "0312500000000036", "0312500000000044"],
  },
  {
    kind: "business",
    id: "1998/012345/06",
    name: "Highveld Couriers Ltd",
    notices: ["0412600000000017", "0412600000000025", "0412600000000033"],
  },
  { kind: "business", id: "2020/654321/07", name: "Karoo Shuttle Services (Pty) Ltd", notices: [] },
];

/** Valid ID numbers that make the look-up fail with a service-side code (1 authentication, 2 unavailable, 3 service error). */
export const ID_SERVICE_FAULTS: Readonly<Record<string, 1 | 2 | 3>> = {
  "8001010001089": 1,
  "8001010002087": 2,
  "8001010003085": 3,
};

export const FINE_MESSAGES: Readonly<Record<number, string>> = {
  1: "Authentication failed",
  2: "Service unavailable. Please retry; contact support if it persists",
  3: "Service error. Please contact support",
  5: "Invalid ID",
  6: "ID must be numeric",
  7: "ID number check digit must be valid",
  8: "The identified infringer does not exist",
  9: "No infringement found for the identification type or number",
  10: "Check digit of the infringement notice number must be valid",
  11: "Notice must be payable at a registering authority",
  12: "Notice number does not exist",
  13: "Notice number does not exist",
  14: "Notice may not be in status 10 (court case)",
  15: "Elected to be tried in court with a successful court application status",
  16: "Transaction not allowed: driver nomination pending",
  17: "Partially paid fine must be settled at a registering authority or the licensing department",
  18: "Notice may not be in status 13 (partially paid)",
  23: "Validation error",
};
