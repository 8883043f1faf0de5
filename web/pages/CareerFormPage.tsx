import { Link } from 'react-router-dom';
import { openRoles } from '../../shared/content/careers.ts';
import { departmentById } from '../../shared/content/departments.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';

/** /career-form?role=<slug> (the "Apply" buttons of /career) starts with that role filled in. */
function roleFromAddress() {
  const slug = new URLSearchParams(window.location.search).get('role');
  const role = openRoles.find((r) => r.slug === slug);
  return role ? { role: role.title, area: departmentById(role.department).name } : {};
}

export default function CareerFormPage() {
  return (
    <FormPage
      eyebrow="Careers"
      title="Apply to join our team"
      lead="Tell us about yourself and the work you are proud of. Share links rather than files: your portfolio or LinkedIn profile, and your CV if you have one online. We reply to every applicant within 10 working days."
      breadcrumbs={[{ label: 'Careers', to: '/career' }, { label: 'Apply' }]}
      aside={
        <>
          <AsideBlock title="Before you apply">
            <p>
              Have a look at our <Link to="/career" className="font-medium text-brand-700 underline">open roles</Link>.
              No role that fits? Leave the role empty and send an open application.
            </p>
          </AsideBlock>
          <AsideBlock title="What we look for">
            <ul className="list-disc space-y-1 pl-5">
              <li>Work you can show and explain</li>
              <li>Clear writing and honest estimates</li>
              <li>Care for the people who use what you build</li>
            </ul>
          </AsideBlock>
          <AsideBlock title="Your data">
            <p>We use your application only to assess it, and delete it within 12 months unless you ask us to keep it.</p>
          </AsideBlock>
        </>
      }
    >
      <SubmissionForm kind="career" submitLabel="Send application" prefill={roleFromAddress} />
    </FormPage>
  );
}
