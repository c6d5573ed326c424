import type { Metadata } from "next";
import { cookies } from "next/headers";
import { requirePageRole } from "@/lib/auth/staff";
import { DEVICE_COOKIE, listTillsWithDevices, readDeviceCookie } from "@/lib/auth/device";
import { saDateTime } from "@/lib/sa-time";
import { CloseKioskButton, EnrolButton, RevokeButton } from "./till-device-buttons";
import { DataTable } from "@/components/ui/table";

export const metadata: Metadata = { title: "Tills" };

/**
 * Tills are devices: each row is a counter till or a kiosk with the browsers enrolled as it.
 * Signing in on an enrolled browser signs in at its till; revoking one makes it an office
 * browser again and ends the sessions opened on it. A kiosk's session lasts while its browser
 * is enrolled: "Close the kiosk" ends it and leaves the browser enrolled.
 */
export default async function TillsPage() {
  await requirePageRole("supervisor");
  const [rows, jar] = await Promise.all([listTillsWithDevices(), cookies()]);
  const here = readDeviceCookie(jar.get(DEVICE_COOKIE)?.value);
  const hereTill = rows.find((r) => r.devices.some((d) => d.device.id === here))?.till;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Tills</h1>
      <p data-testid="this-browser">
        {hereTill
          ? `This browser is enrolled as ${hereTill.name}.`
          : "This browser is not enrolled as a till: it serves the office only."}
      </p>
      <DataTable label="Tills">
        <thead>
          <tr className="border-b">
            <th scope="col">Till</th>
            <th scope="col">Kind</th>
            <th scope="col">Enrolled browsers</th>
            <th scope="col">
              <span className="sr-only">Enrol</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ till, devices }) => (
            <tr key={till.id} data-till={till.id} className="border-b align-top">
              <td className="font-medium">{till.name}</td>
              <td>{till.kind === "kiosk" ? "Kiosk" : "Counter"}</td>
              <td>
                {devices.length === 0 ? (
                  <span className="text-slate-600">None</span>
                ) : (
                  <ul className="flex flex-col gap-1">
                    {devices.map(({ device, enrolledBy }) => (
                      <li key={device.id} className="flex flex-wrap items-center gap-2">
                        <span>
                          Enrolled {saDateTime(device.enrolledAt)} by {enrolledBy}
                          {device.id === here ? " (this browser)" : ""}
                        </span>
                        {till.kind === "kiosk" && (
                          <CloseKioskButton
                            deviceId={device.id}
                            label={`${till.name} browser enrolled ${saDateTime(device.enrolledAt)}`}
                          />
                        )}
                        <RevokeButton
                          deviceId={device.id}
                          label={`${till.name} browser enrolled ${saDateTime(device.enrolledAt)}`}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>
                <EnrolButton tillId={till.id} tillName={till.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
