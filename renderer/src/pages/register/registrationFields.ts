import type { RegistrationForm } from '../../api/types';

export interface RegistrationField {
  name: keyof RegistrationForm;
  label: string;
  required: boolean;
  type?: 'text' | 'email' | 'tel';
  placeholder?: string;
  group?: string;
}

/** Spec §2/§3 registration fields; required ones per spec §5. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  { name: 'company', label: 'Company Name', required: true },
  { name: 'compaddr1', label: 'Billing Address', required: true, placeholder: 'Address line 1', group: 'address' },
  {
    name: 'compaddr2',
    label: 'Billing Address (line 2)',
    required: false,
    placeholder: 'Address line 2',
    group: 'address',
  },
  {
    name: 'compaddr3',
    label: 'Billing Address (line 3)',
    required: false,
    placeholder: 'Address line 3',
    group: 'address',
  },
  { name: 'compphone', label: 'Company Phone', required: true, type: 'tel' },
  { name: 'compfax', label: 'Fax', required: false, type: 'tel' },
  { name: 'contact_name', label: 'Contact Person', required: true },
  { name: 'contact_number', label: 'Contact Number', required: true, type: 'tel', placeholder: 'mobile phone number' },
  { name: 'compemail', label: 'Contact Email', required: true, type: 'email' },
  { name: 'username', label: 'Requested Login Name', required: true },
];

export const EMPTY_REGISTRATION: RegistrationForm = {
  company: '',
  compaddr1: '',
  compaddr2: '',
  compaddr3: '',
  compphone: '',
  compfax: '',
  contact_name: '',
  contact_number: '',
  compemail: '',
  username: '',
};

export type FieldErrors = Partial<Record<keyof RegistrationForm, string>>;

export function validateRegistration(form: RegistrationForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of REGISTRATION_FIELDS) {
    if (f.required && !form[f.name].trim()) errors[f.name] = `${f.label} is required`;
  }
  return errors;
}
