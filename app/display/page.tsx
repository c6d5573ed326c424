import type { Metadata } from "next";
import { CustomerDisplay } from "@/components/customer-display/customer-display";

export const metadata: Metadata = { title: "Customer display" };

export default function DisplayPage() {
  return <CustomerDisplay />;
}
