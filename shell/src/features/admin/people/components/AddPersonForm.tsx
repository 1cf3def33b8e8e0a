import {
  type CreateUserInput,
  LANGUAGES,
  normalizeUsername,
  PERSON_NAME_MAX_LENGTH,
  USER_ROLES,
  usernameProblem,
} from '@masar/contracts';
import { Button, Checkbox, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonPasswordField } from './PersonPasswordField';

/** What the form hands back: the server's message when it refused a field, to show under it. */
export type AddPersonOutcome = { ok: true } | { ok: false; field?: keyof CreateUserInput; message?: string };

export interface AddPersonFormProps {
  onSubmit: (person: CreateUserInput) => Promise<AddPersonOutcome>;
  onCancel: () => void;
  isSubmitting: boolean;
}

/** The contract's username rule, in the reader's language. */
function usernameMessageKey(raw: string): string | undefined {
  const problem = usernameProblem(normalizeUsername(raw));
  if (!problem) return undefined;
  if (problem === 'This field is required') return 'people.form.required';
  if (problem.startsWith('Use 3 to')) return 'people.form.usernameLength';
  if (problem.startsWith('Use either')) return 'people.form.usernameMixed';
  return 'people.form.usernameCharacters';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function AddPersonForm({ onSubmit, onCancel, isSubmitting }: AddPersonFormProps) {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<CreateUserInput>();
  const required = { required: true, whitespace: true, message: t('people.form.required') };
  const nameRules = [required, { max: PERSON_NAME_MAX_LENGTH, message: t('people.form.nameTooLong') }];

  const submit = async (values: CreateUserInput) => {
    const outcome = await onSubmit(values);
    if (outcome.ok) {
      form.resetFields();
    } else if (outcome.field && outcome.message) {
      form.setFields([{ name: outcome.field, errors: [outcome.message] }]);
    }
  };

  return (
    <Form<CreateUserInput>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ role: 'learner', preferredLanguage: 'en', mustChangePassword: true }}
      onFinish={(values) => void submit(values)}
      data-testid="add-person-form"
    >
      <Form.Item
        name="username"
        label={t('people.form.username')}
        extra={t('people.form.usernameHelp')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const key = usernameMessageKey(value ?? '');
              if (key) throw new Error(t(key));
            },
          },
        ]}
      >
        <Input autoComplete="off" dir="auto" data-testid="person-username" />
      </Form.Item>
      <PersonPasswordField testId="person-password" />
      <Flex gap="middle" wrap>
        <Form.Item name="firstName" label={t('people.form.firstName')} rules={nameRules} style={{ flex: 1, minWidth: 180 }}>
          <Input dir="auto" data-testid="person-first-name" />
        </Form.Item>
        <Form.Item name="lastName" label={t('people.form.lastName')} rules={nameRules} style={{ flex: 1, minWidth: 180 }}>
          <Input dir="auto" data-testid="person-last-name" />
        </Form.Item>
      </Flex>
      <Form.Item
        name="email"
        label={t('people.form.email')}
        rules={[required, { pattern: EMAIL, message: t('people.form.emailInvalid') }]}
      >
        {/* Addresses are written left to right in both languages. */}
        <Input type="email" dir="ltr" data-testid="person-email" />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item name="role" label={t('people.form.role')} style={{ flex: 1, minWidth: 180 }}>
          <Select
            data-testid="person-role"
            options={USER_ROLES.map((role) => ({ value: role, label: t(`people.roles.${role}`) }))}
          />
        </Form.Item>
        <Form.Item name="preferredLanguage" label={t('people.form.language')} style={{ flex: 1, minWidth: 180 }}>
          <Select
            data-testid="person-language"
            options={LANGUAGES.map((language) => ({ value: language, label: t(`people.languages.${language}`) }))}
          />
        </Form.Item>
      </Flex>
      <Form.Item name="mustChangePassword" valuePropName="checked">
        <Checkbox data-testid="person-must-change-password">{t('people.form.mustChangePassword')}</Checkbox>
      </Form.Item>
      <Flex gap="small" justify="flex-end">
        <Button onClick={onCancel}>{t('people.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSubmitting} data-testid="add-person-submit">
          {t('people.form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
