import type { ReactNode } from "react";
import { ClientMessages } from "@/components/ui/client-messages";

export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="submit">{children}</ClientMessages>;
}
