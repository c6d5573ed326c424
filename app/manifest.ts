import type { MetadataRoute } from "next";

/** Lets a till or kiosk run Kassa as an installed, full-screen app with its own icon. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Kassa point of sale",
    short_name: "Kassa",
    description:
      "Prepaid electricity, municipal bills, traffic fines, airtime and data at the counter",
    start_url: "/",
    display: "fullscreen",
    background_color: "#f8fafc",
    theme_color: "#0b6e4f",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
