"use client";

import { useEffect } from "react";
import { showOnCustomerDisplay, type CustomerDisplayMessage } from "./channel";

/** Publishes one message when it mounts (the slip page tells the display the sale is done). */
export function ShowOnCustomerDisplay({ message }: { message: CustomerDisplayMessage }) {
  const json = JSON.stringify(message);
  useEffect(() => {
    showOnCustomerDisplay(JSON.parse(json) as CustomerDisplayMessage);
  }, [json]);
  return null;
}
