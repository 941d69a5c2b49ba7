/** What the admin API answers (src/server/admin/*-routes.ts). */

export interface Paged {
  total: number;
  page: number;
  pageSize: number;
}

export interface Dashboard {
  days: number;
  newLeads: {
    total: number;
    byForm: { formId: string; title: string; collection: string; count: number }[];
    byCity: { city: string | null; count: number }[];
  };
  byStatus: { status: string; count: number }[];
  totals: { submissions: number; activeUsers: number; openComplaints: number; pendingRecruiterRequests: number };
  recentActivity: Activity[];
  latestSubmissions: { id: string; formId: string; title: string; page: string; city: string | null; status: string; name: string | null; email: string | null; createdAt: string }[];
}

export interface Activity {
  id: string;
  action: string;
  subjectType: string;
  subjectId: string;
  detail: Record<string, unknown> | null;
  actor: string | null;
  createdAt: string;
}

export interface Account {
  id: string;
  username: string;
  fullName: string | null;
  email: string | null;
  role: string;
  city: string | null;
  active: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface AccountList extends Paged {
  users: Account[];
  roles: string[];
}

export interface Candidate {
  id: string;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  status: string;
  createdAt: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  role: string | null;
  experience: string | null;
  skills: string | null;
  industry: string | null;
  description: string | null;
  resume: { name: string; size: number } | null;
}

export interface CandidateList extends Paged {
  candidates: Candidate[];
  cities: string[];
}

export interface RecruiterRequest {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  experience: string | null;
  specialisation: string | null;
  linkedin: string | null;
  message: string | null;
  page: string;
  status: string;
  createdAt: string;
  updatedAt: string | null;
}

export interface RecruiterRequestDetail extends RecruiterRequest {
  account: { id: string; username: string; approvedBy: string | null; approvedAt: string } | null;
}

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  avatarUploadId: string | null;
  avatarUrl: string | null;
  sortOrder: number;
  visible: boolean;
  createdAt: string;
}

export interface NewAccount {
  username: string;
  role: string;
  fullName: string | null;
  email: string | null;
  city: string | null;
  password?: string;
}

export interface TeamMemberFields {
  name: string;
  role: string;
  bio: string | null;
  visible: boolean;
  avatarUploadId: string | null;
}
