import {
  Activity,
  Bot,
  Cable,
  Inbox,
  MessageSquare,
  MessageSquareText,
  Monitor,
  Phone,
  Settings,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';

export interface SidebarItem {
  label: string;
  to: string;
  Icon: LucideIcon;
}

/** Sidebar entries of spec 2 §2 "Dashboard shell", in the spec's order. */
export const SIDEBAR_ITEMS: SidebarItem[] = [
  { label: 'Chat', to: '/dashboard/chat', Icon: MessageSquare },
  { label: 'Voice Call', to: '/dashboard/call', Icon: Phone },
  { label: 'Text Intern', to: '/dashboard/sms', Icon: MessageSquareText },
  { label: 'Intern Activity', to: '/dashboard/work', Icon: Activity },
  { label: 'Approvals', to: '/dashboard/approvals', Icon: Inbox },
  { label: 'Intern Autonomy', to: '/dashboard/autonomy', Icon: Bot },
  { label: 'Investor Outreach', to: '/dashboard/investor-outreach', Icon: TrendingUp },
  { label: 'VMs', to: '/dashboard/vms', Icon: Monitor },
  { label: 'Connections', to: '/dashboard/connections', Icon: Cable },
  { label: 'Settings', to: '/dashboard/settings', Icon: Settings },
];

export const SIGN_OUT_CONFIRM_TEXT =
  "Are you sure you want to sign out? You'll need to log in again to access your dashboard.";
