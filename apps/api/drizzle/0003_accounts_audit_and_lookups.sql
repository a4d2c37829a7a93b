-- Account tables are audited like every table that holds user data; the
-- secrets they hold (hashes of emailed tokens and codes, message bodies and
-- links that carry live tokens) are never copied into audit_logs.
CREATE TRIGGER account_tokens_audit AFTER INSERT OR UPDATE OR DELETE ON account_tokens
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('token_hash', 'code_hash');
--> statement-breakpoint
CREATE TRIGGER recovery_accounts_audit AFTER INSERT OR UPDATE OR DELETE ON recovery_accounts
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_audit AFTER INSERT OR UPDATE OR DELETE ON mail_outbox
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('text_body', 'html_body', 'link');
--> statement-breakpoint
-- Registration lookups (SPEC §3), Egyptian values: name English, name_local Arabic.
INSERT INTO registration_lookups (kind, name, name_local, sort_order) VALUES
  ('level', 'Intermediate qualification', 'مؤهل متوسط', 1),
  ('level', 'Above-intermediate qualification', 'مؤهل فوق المتوسط', 2),
  ('level', 'Higher (university) qualification', 'مؤهل عالٍ', 3),
  ('level', 'Postgraduate studies', 'دراسات عليا', 4),
  ('degree', 'Diploma', 'دبلوم', 1),
  ('degree', 'Bachelor', 'بكالوريوس', 2),
  ('degree', 'Licence', 'ليسانس', 3),
  ('degree', 'Master', 'ماجستير', 4),
  ('degree', 'Doctorate', 'دكتوراه', 5),
  ('qualification', 'Commercial Secondary Diploma', 'دبلوم المدارس الثانوية التجارية', 1),
  ('qualification', 'Industrial Secondary Diploma', 'دبلوم المدارس الثانوية الصناعية', 2),
  ('qualification', 'Technical Institute of Commerce Diploma', 'دبلوم المعهد الفني التجاري', 3),
  ('qualification', 'Bachelor of Commerce', 'بكالوريوس التجارة', 4),
  ('qualification', 'Bachelor of Engineering', 'بكالوريوس الهندسة', 5),
  ('qualification', 'Bachelor of Computers and Information', 'بكالوريوس الحاسبات والمعلومات', 6),
  ('qualification', 'Licence in Law', 'ليسانس الحقوق', 7),
  ('qualification', 'Licence in Arts', 'ليسانس الآداب', 8),
  ('qualification', 'Master of Business Administration', 'ماجستير إدارة الأعمال', 9),
  ('qualification', 'Doctorate (PhD)', 'دكتوراه الفلسفة', 10),
  ('specification', 'Electricity', 'كهرباء', 1),
  ('specification', 'Mechanics', 'ميكانيكا', 2),
  ('specification', 'Accounting', 'محاسبة', 3),
  ('specification', 'Business Administration', 'إدارة أعمال', 4),
  ('specification', 'Civil Engineering', 'هندسة مدنية', 5),
  ('specification', 'Electrical Engineering', 'هندسة كهربائية', 6),
  ('specification', 'Mechanical Engineering', 'هندسة ميكانيكية', 7),
  ('specification', 'Computer Science', 'علوم الحاسب', 8),
  ('specification', 'Information Systems', 'نظم المعلومات', 9),
  ('pre_qualification', 'General Secondary Certificate', 'شهادة الثانوية العامة', 1),
  ('pre_qualification', 'Azhar Secondary Certificate', 'الشهادة الثانوية الأزهرية', 2),
  ('pre_qualification', 'Technical Secondary Diploma', 'دبلوم التعليم الفني', 3),
  ('pre_qualification', 'Equivalent foreign certificate', 'شهادة أجنبية معادلة', 4),
  ('university', 'Cairo University', 'جامعة القاهرة', 1),
  ('university', 'Ain Shams University', 'جامعة عين شمس', 2),
  ('university', 'Alexandria University', 'جامعة الإسكندرية', 3),
  ('university', 'Al-Azhar University', 'جامعة الأزهر', 4),
  ('university', 'Helwan University', 'جامعة حلوان', 5),
  ('university', 'Mansoura University', 'جامعة المنصورة', 6),
  ('university', 'Assiut University', 'جامعة أسيوط', 7),
  ('university', 'The American University in Cairo', 'الجامعة الأمريكية بالقاهرة', 8),
  ('college', 'Faculty of Commerce', 'كلية التجارة', 1),
  ('college', 'Faculty of Engineering', 'كلية الهندسة', 2),
  ('college', 'Faculty of Computers and Artificial Intelligence', 'كلية الحاسبات والذكاء الاصطناعي', 3),
  ('college', 'Faculty of Law', 'كلية الحقوق', 4),
  ('college', 'Faculty of Arts', 'كلية الآداب', 5),
  ('college', 'Faculty of Science', 'كلية العلوم', 6),
  ('college', 'Faculty of Education', 'كلية التربية', 7),
  ('college', 'Faculty of Medicine', 'كلية الطب', 8),
  ('grade', 'Excellent', 'امتياز', 1),
  ('grade', 'Very good', 'جيد جدًا', 2),
  ('grade', 'Good', 'جيد', 3),
  ('grade', 'Pass', 'مقبول', 4),
  ('government', 'Cairo', 'القاهرة', 1),
  ('government', 'Giza', 'الجيزة', 2),
  ('government', 'Alexandria', 'الإسكندرية', 3),
  ('government', 'Qalyubia', 'القليوبية', 4),
  ('government', 'Dakahlia', 'الدقهلية', 5),
  ('government', 'Sharqia', 'الشرقية', 6),
  ('government', 'Assiut', 'أسيوط', 7),
  ('government', 'Aswan', 'أسوان', 8);
--> statement-breakpoint
INSERT INTO registration_lookups (kind, name, name_local, parent_id, sort_order)
SELECT 'place', p.name, p.name_local, g.id, p.sort_order
FROM (VALUES
  ('Nasr City', 'مدينة نصر', 'Cairo', 1),
  ('Heliopolis', 'مصر الجديدة', 'Cairo', 2),
  ('Maadi', 'المعادي', 'Cairo', 3),
  ('Dokki', 'الدقي', 'Giza', 4),
  ('6th of October City', 'مدينة السادس من أكتوبر', 'Giza', 5),
  ('Smouha', 'سموحة', 'Alexandria', 6),
  ('Sidi Gaber', 'سيدي جابر', 'Alexandria', 7),
  ('Banha', 'بنها', 'Qalyubia', 8),
  ('Mansoura', 'المنصورة', 'Dakahlia', 9),
  ('Zagazig', 'الزقازيق', 'Sharqia', 10)
) AS p(name, name_local, government, sort_order)
JOIN registration_lookups g ON g.kind = 'government' AND g.name = p.government;
--> statement-breakpoint
INSERT INTO degree_qualifications (level_id, qualification_id)
SELECT l.id, q.id
FROM (VALUES
  ('Intermediate qualification', 'Commercial Secondary Diploma'),
  ('Intermediate qualification', 'Industrial Secondary Diploma'),
  ('Above-intermediate qualification', 'Technical Institute of Commerce Diploma'),
  ('Higher (university) qualification', 'Bachelor of Commerce'),
  ('Higher (university) qualification', 'Bachelor of Engineering'),
  ('Higher (university) qualification', 'Bachelor of Computers and Information'),
  ('Higher (university) qualification', 'Licence in Law'),
  ('Higher (university) qualification', 'Licence in Arts'),
  ('Postgraduate studies', 'Master of Business Administration'),
  ('Postgraduate studies', 'Doctorate (PhD)')
) AS x(level, qualification)
JOIN registration_lookups l ON l.kind = 'level' AND l.name = x.level
JOIN registration_lookups q ON q.kind = 'qualification' AND q.name = x.qualification;
--> statement-breakpoint
INSERT INTO degree_specifications (qualification_id, specification_id)
SELECT q.id, s.id
FROM (VALUES
  ('Industrial Secondary Diploma', 'Electricity'),
  ('Industrial Secondary Diploma', 'Mechanics'),
  ('Technical Institute of Commerce Diploma', 'Accounting'),
  ('Bachelor of Commerce', 'Accounting'),
  ('Bachelor of Commerce', 'Business Administration'),
  ('Bachelor of Engineering', 'Civil Engineering'),
  ('Bachelor of Engineering', 'Electrical Engineering'),
  ('Bachelor of Engineering', 'Mechanical Engineering'),
  ('Bachelor of Computers and Information', 'Computer Science'),
  ('Bachelor of Computers and Information', 'Information Systems')
) AS x(qualification, specification)
JOIN registration_lookups q ON q.kind = 'qualification' AND q.name = x.qualification
JOIN registration_lookups s ON s.kind = 'specification' AND s.name = x.specification;
--> statement-breakpoint
-- Audited from here on (the seed above is part of the schema, not a user's change).
CREATE TRIGGER registration_lookups_audit AFTER INSERT OR UPDATE OR DELETE ON registration_lookups
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER degree_qualifications_audit AFTER INSERT OR UPDATE OR DELETE ON degree_qualifications
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER degree_specifications_audit AFTER INSERT OR UPDATE OR DELETE ON degree_specifications
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
