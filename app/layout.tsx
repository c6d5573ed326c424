import type { Metadata, Viewport } from "next";
import "./globals.css";
import { ReloadOnUpdate } from "@/components/shell/reload-on-update";

export const metadata: Metadata = {
  title: { default: "Kassa", template: "%s · Kassa" },
  description: "Point of sale for electricity, bills, traffic fines and value-added services",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-ZA">
      <body>
        <ReloadOnUpdate />
        {children}
      </body>
    </html>
  );
}
