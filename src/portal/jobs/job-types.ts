/** The jobs API's answers, as the screens read them. */

export type EmploymentType = 'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'INTERN';

export interface PublicJobSummary {
  id: string;
  title: string;
  companyName: string;
  location: string;
  employmentType: EmploymentType | string;
  openings: number;
  experience: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  /** YYYY-MM-DD: the last day it takes applications. */
  validThrough: string | null;
  /** When it was published (ISO). */
  datePosted: string | null;
  /** Past its last date, or closed: it takes no applications. */
  expired: boolean;
}

export interface PublicJob extends PublicJobSummary {
  description: string;
  status: 'draft' | 'published' | 'closed';
}

export interface PortalJob extends PublicJob {
  jobRequestId: string | null;
  createdAt: string;
  updatedAt: string | null;
  applicantCount: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Applicant {
  id: string;
  name: string;
  email: string;
  phone: string;
  appliedAt: string;
  hasResume: boolean;
  resumeUrl: string | null;
}

export interface JobDetail {
  job: PortalJob;
  applicantCount: number;
  applicants: Applicant[];
  canSeeApplicants: boolean;
  canEdit: boolean;
}

/** The reviewed job a request is published as. */
export interface JobFields {
  title: string;
  description: string;
  companyName: string;
  location: string;
  employmentType: EmploymentType;
  openings: number;
  experience: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  validThrough: string;
}

export interface JobRequest {
  id: string;
  status: string;
  page: string;
  createdAt: string;
  city: string | null;
  assignedTo: string | null;
  data: {
    companyName?: string;
    contactName?: string;
    email?: string;
    phone?: string;
    jobTitle?: string;
    location?: string;
    employmentType?: string;
    openings?: number;
    experience?: string;
    salary?: string;
    description?: string;
  };
  job: { id: string; status: string } | null;
}
