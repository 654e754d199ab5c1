import type { ReactNode } from "react";
import { AdminNav } from "@/app/(site)/admin/_components/admin-nav";
import { ClientMessages } from "@/components/ui/client-messages";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";

// The admin frame. The guard hides the nav from non-admins; each page still checks for itself,
// since a layout is not re-rendered on client-side navigation.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await adminPageGuard();
  return (
    <ClientMessages scope="admin">
      <div className="space-y-4">
        <AdminNav />
        {children}
      </div>
    </ClientMessages>
  );
}
